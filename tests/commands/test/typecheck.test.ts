// `pnpm typecheck` (and so `pnpm test`) checks the whole workspace as one program, from the root tsconfig.json.
// It lists every package's folders by hand; a package or folder added to its own tsconfig.json but not there
// would silently go unchecked. This compares the files each program would check, without checking them.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from './pnpm.ts';

/** The workspace's own files that `tsconfig` includes, as absolute paths. */
function filesOf(tsconfig: string): string[] {
  const { config, error } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(tsconfig));
  return parsed.fileNames.filter((file) => !file.includes('/node_modules/'));
}

const packageConfigs = ['packages', 'demos', 'tests']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
  .concat([join(root, 'docs'), join(root, 'labs')])
  .map((dir) => join(dir, 'tsconfig.json'))
  .filter((file) => ts.sys.fileExists(file));

describe('the root tsconfig.json', () => {
  it("includes every file of every package's own tsconfig.json", () => {
    expect(packageConfigs.length).toBeGreaterThan(10);
    const checked = new Set(filesOf(join(root, 'tsconfig.json')));
    const missing = packageConfigs.flatMap((config) => filesOf(config).filter((file) => !checked.has(file)));
    expect(missing).toEqual([]);
  });
});
