// A copy of the labs' working files outside the repository (KIT_LAB_WORKDIR), so a test can edit, reset and
// pass labs without touching the repository. Its node_modules is the labs package's, so the starters'
// imports resolve as they do in place.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { labsDir, loadLabs } from '../../src/catalog.ts';

export interface Workdir {
  root: string;
  remove(): void;
}

/** `starter`: the labs as committed; `solved`: each lab's solution files copied over its starter files. */
export function makeWorkdir(kind: 'starter' | 'solved'): Workdir {
  const root = mkdtempSync(join(tmpdir(), 'memos-kit-labs-'));
  symlinkSync(join(labsDir, 'node_modules'), join(root, 'node_modules'), 'junction');
  // As in labs/package.json: the starters are ES modules (they use top-level await).
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  for (const lab of loadLabs()) {
    for (const folder of ['starter', 'solution']) mkdirSync(join(root, lab.dir, folder), { recursive: true });
    for (const name of lab.files) {
      const from = join(labsDir, lab.dir, kind === 'solved' ? 'solution' : 'starter', name);
      cpSync(from, join(root, lab.dir, 'starter', name));
      cpSync(join(labsDir, lab.dir, 'solution', name), join(root, lab.dir, 'solution', name));
    }
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
