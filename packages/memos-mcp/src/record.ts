// `--record FILE.jsonl` for both commands: the recorder stands in front of the server (HTTP) or on its pipes
// (stdio), so the server's own code does not change; @memos-kit/recording owns the format.
import type { Writable } from 'node:stream';
import { Masker, RecordingWriter, startRecordingProxy, tapStdio } from '@memos-kit/recording';
import type { RunningAdapter } from './index.ts';

/**
 * Puts a recording proxy where the server was asked to listen; `server` already runs on a private loopback
 * port. The tokens the server knows are masked wherever they appear, besides every Authorization header.
 */
export async function recordInFront(
  server: RunningAdapter,
  at: { host: string; port: number },
  file: string,
  recorder: string,
): Promise<RunningAdapter> {
  const writer = new RecordingWriter({ recorder, file });
  const masker = new Masker(server.users.flatMap((user) => user.tokens));
  const proxy = await startRecordingProxy({
    upstream: server.url,
    host: at.host,
    port: at.port,
    writer,
    masker,
  });
  return {
    ...server,
    url: proxy.url,
    mcpUrl: `${proxy.url}/mcp`,
    close: async (options) => {
      // Clients are talking to the proxy: it drains first, then the server behind it.
      await proxy.close(options);
      await server.close(options);
      writer.close();
    },
  };
}

/** The stdio server's pipes with a recorder on them (`token` is masked wherever it appears). */
export function recordStdio(file: string, token: string | undefined, recorder: string) {
  const writer = new RecordingWriter({ recorder, file });
  const masker = new Masker(token === undefined ? [] : [token]);
  const output: Writable = process.stdout;
  return tapStdio(process.stdin, output, writer, masker);
}
