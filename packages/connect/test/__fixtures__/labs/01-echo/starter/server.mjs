// A learner's stdio server as a lab would have them write it, reduced to one tool that says how it was
// started (its folder and its arguments), so a test can see what a host's configuration started.
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const started = {
  name: 'started',
  description: 'Says the folder and the arguments this server was started with.',
  inputSchema: { type: 'object', properties: {} },
};

serveStdio(() => {
  const server = new Server({ name: 'lab-echo', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools: [started] }));
  server.setRequestHandler('tools/call', () => ({
    content: [
      {
        type: 'text',
        text: JSON.stringify({ cwd: process.cwd(), argv: process.argv.slice(2) }),
      },
    ],
  }));
  return server;
});
