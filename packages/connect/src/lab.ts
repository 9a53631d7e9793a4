// `--lab N`: the server a lab asks the learner to build, as its lab.json declares it, so `pnpm connect`
// can put the learner's own server into their assistant. A lab declares it in a `server` field:
//
//   "server": { "stdio": ["starter/server.ts"], "http": { "url": "http://127.0.0.1:5240/mcp" } }
//
// `stdio` is the command line that starts it, read as `--command` reads one, with paths relative to the
// lab's folder; `http` is where the learner's server listens once they start it. Either may be left out.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';

const labServerSchema = z
  .object({
    stdio: z.array(z.string().min(1)).min(1).optional(),
    http: z
      .object({ url: z.url({ protocol: /^https?$/ }), headers: z.record(z.string(), z.string()).optional() })
      .strict()
      .optional(),
  })
  .strict();

type LabServer = z.infer<typeof labServerSchema>;

export interface FoundLab {
  id: string;
  number: number;
  /** The lab's folder, where its `stdio` paths are read from. */
  dir: string;
  server?: LabServer;
}

/** Why `--lab` found nothing to connect. */
export class LabProblem extends Error {
  override name = 'LabProblem';
  constructor(
    readonly problem: 'unknown' | 'invalid',
    readonly detail: string,
  ) {
    super(`${problem}: ${detail}`);
  }
}

/**
 * The lab `wanted` names (its number or its id) in `labsDir`, laid out as the labs are (`NN-id/lab.json`),
 * with its `server` checked. Only that field is read: the rest of lab.json belongs to the lab runner.
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
  return { ...lab, server: parsed.data };
}
