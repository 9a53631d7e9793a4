// `--lab N`: the server a lab of the build track asks the learner to write, as its lab.json declares it, so
// `pnpm connect` can put the learner's own server into their assistant. The field is shared with the labs:
//
//   "server": { "transport": "stdio" | "http", "entry": "server.ts", "path": "/mcp", "env": { "NAME": "value" } }
//
// `entry` is relative to the folder the learner works in (the lab's starter/). A host starts a stdio server as
// `<node> <entry>` with MEMOS_URL and MEMOS_TOKEN in its environment; an HTTP server is started the same way
// with PORT as well, listens on 127.0.0.1, and answers MCP at `path` (default /mcp). `env` names what else the
// lab's server reads (lab 13: the authorization server's issuer, and its own resource); in a value, `{url}`
// stands for the URL an HTTP server answers MCP at (`http://127.0.0.1:<PORT><path>`), and `{issuer}` for the
// issuer of the authorization server `pnpm serve --auth oauth` starts. A lab that names `{issuer}` is served
// by `pnpm serve --auth oauth --auth-resource <url>`, so that the AS issues tokens for the learner's server.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as z from 'zod';

const labServerSchema = z
  .object({
    transport: z.enum(['stdio', 'http']),
    entry: z.string().min(1),
    path: z.string().startsWith('/').optional(),
    env: z.record(z.string().regex(/^[A-Z][A-Z0-9_]*$/), z.string()).optional(),
  })
  .strict();

type LabServer = z.infer<typeof labServerSchema>;

/** The folder of a lab the learner works in: their starter, as `pnpm lab N` checks it. */
const LEARNER_FOLDER = 'starter';

export interface FoundLab {
  id: string;
  number: number;
  /** The lab's folder (`NN-id`). */
  dir: string;
  server?: LabServer & { /** The entry's absolute path. */ file: string };
}

/** Why `--lab` found nothing to connect. */
export class LabProblem extends Error {
  override name = 'LabProblem';
  constructor(
    readonly problem: 'unknown' | 'invalid' | 'no-entry',
    readonly detail: string,
  ) {
    super(`${problem}: ${detail}`);
  }
}

/**
 * The lab `wanted` names (its number or its id) in `labsDir`, laid out as the labs are (`NN-id/lab.json`),
 * with its `server` checked and its entry found. Only that field is read: the rest of lab.json belongs to
 * the lab runner.
 */
export function findLabServer(wanted: string, labsDir: string): FoundLab {
  const dirs = readdirSync(labsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d\d-[a-z]/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const index = /^\d+$/.test(wanted)
    ? Number(wanted) - 1
    : dirs.findIndex((name) => name.slice(3) === wanted);
  const name = dirs[index];
  if (name === undefined) throw new LabProblem('unknown', wanted);
  const dir = join(labsDir, name);
  const raw = JSON.parse(readFileSync(join(dir, 'lab.json'), 'utf8')) as { server?: unknown };
  const lab = { id: name.slice(3), number: index + 1, dir };
  if (raw.server === undefined) return lab;
  const parsed = labServerSchema.safeParse(raw.server);
  if (!parsed.success) throw new LabProblem('invalid', `${name}/lab.json: ${z.prettifyError(parsed.error)}`);
  const file = resolve(dir, LEARNER_FOLDER, parsed.data.entry);
  if (!existsSync(file)) throw new LabProblem('no-entry', file);
  return { ...lab, server: { ...parsed.data, file } };
}
