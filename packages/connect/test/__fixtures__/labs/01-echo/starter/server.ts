// A learner's stdio server as a lab of the build track has them write it, reduced to one tool that says how it
// was started (its folder, its arguments, and the two variables the labs' contract gives it), so a test can see
// what a host's configuration started. Erasable TypeScript, as Node runs it without a build step.
import { type CallToolResult, Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const started = {
  name: 'started',
  description: 'Says the folder, the arguments and the Memos address and token this server was started with.',
  inputSchema: { type: 'object' as const, properties: {} },
};

function report(): CallToolResult {
  const { MEMOS_URL, MEMOS_TOKEN } = process.env;
  const text = JSON.stringify({ cwd: process.cwd(), argv: process.argv.slice(2), MEMOS_URL, MEMOS_TOKEN });
  return { content: [{ type: 'text', text }] };
}

serveStdio(() => {
  const server = new Server({ name: 'lab-echo', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools: [started] }));
  server.setRequestHandler('tools/call', report);
  return server;
});
