// The session the docs draw: a v2 SDK client and a REST call, through `--record`'s recorder, against the
// workshop dataset. The record test runs it live; scripts/record-sdk-session.ts writes the docs' copy.
import { type Recording, readRecording } from '@memos-kit/recording';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { startServer } from '../../src/index.ts';
import { recordInFront } from '../../src/record.ts';
import { createMemosAjv } from '../../src/tools/argument-validator.ts';

/** Short enough for a test, long enough that the progress event and the result are two writes. */
const PACE = { progressAtMs: 40, resultAtMs: 80 };

export interface SessionResults {
  tools: string[];
  call: unknown;
  progress: number;
  unknownTool: string;
  rest: unknown;
}

/** What the client does, against any server URL: the same steps recorded and replayed. */
export async function runSession(baseUrl: string): Promise<SessionResults> {
  const client = new Client(
    { name: 'memos-kit-docs', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      jsonSchemaValidator: new AjvJsonSchemaValidator(createMemosAjv()),
    },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
      requestInit: { headers: { Authorization: 'Bearer example-token' } },
    }),
  );
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    let progress = 0;
    const call = await client.callTool(
      { name: 'memo_list_memos', arguments: { pageSize: 1 } },
      { onprogress: () => void progress++ },
    );
    const unknownTool = await client.callTool({ name: 'memo_unknown_tool', arguments: {} }).then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    const response = await fetch(`${baseUrl}/api/v1/memos?pageSize=1`, {
      headers: { Authorization: 'Bearer example-token' },
    });
    return { tools, call, progress, unknownTool, rest: await response.json() };
  } finally {
    await client.close();
  }
}

/** Runs the session through a recorder in front of a fresh server and returns what was recorded. */
export async function recordSession(
  file: string,
): Promise<{ results: SessionResults; recording: Recording }> {
  const server = await startServer({ host: '127.0.0.1', port: 0, dataset: 'workshop', pace: PACE });
  const recorded = await recordInFront(server, { host: '127.0.0.1', port: 0 }, file, 'pnpm serve --record');
  try {
    const results = await runSession(recorded.url);
    return { results, recording: readRecording(file) };
  } finally {
    await recorded.close();
  }
}
