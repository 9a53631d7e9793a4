/**
 * The checks that the learner's code is their own, shared by every lab that carries them: a starter that
 * re-exports its solution, or the kit's own implementation of what the lab asks for, or that is a copy of the
 * solution, must not pass. Three views of the same rule:
 * - before anything runs, every import of every file in the learner's folder (esbuild turns TypeScript into
 *   JavaScript, type-only imports vanish, es-module-lexer lists the rest): a file of that folder, a package
 *   the lab lists in lab.json `imports`, or a Node built-in that starts no other program;
 * - while the learner's server runs, every module its process resolved (module-trace.mjs), which also sees a
 *   computed `import()` the source cannot show;
 * - the learner's file, minified, is not the solution's. A speed bump only: renaming one variable gets past
 *   it, copying the file does not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';
import { transform } from 'esbuild';
import { OWN_TOPIC } from './catalog.ts';
import { type CheckContext, fail, type LabCheck } from './check.ts';

/** Built-ins no lab's file needs, and that would let it run someone else's code out of the check's sight. */
const DENIED_BUILTINS = ['child_process', 'cluster', 'worker_threads', 'module', 'vm'];

type Why = 'whySolution' | 'whyOutside' | 'whyPackage' | 'whyBuiltin' | 'whyComputed';

interface ImportProblem {
  file: string;
  line: number;
  specifier: string;
  why: Why;
}

const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? '');

const inside = (path: string, dir: string) => path.startsWith(dir + sep);

/** What is wrong with one import of a learner's file, or nothing. */
function judge(
  specifier: string,
  fromFile: string,
  ownDir: string,
  allowed: readonly string[],
): Why | undefined {
  const bare = specifier.replace(/^node:/, '').split('/')[0] ?? '';
  if (specifier.startsWith('node:') || builtinModules.includes(bare))
    return DENIED_BUILTINS.includes(bare) ? 'whyBuiltin' : undefined;
  if (/^(\.|\/|file:)/.test(specifier)) {
    const target = specifier.startsWith('file:')
      ? fileURLToPath(specifier)
      : resolve(dirname(fromFile), specifier);
    if (inside(target, ownDir)) return undefined;
    return /[\\/]solution([\\/]|$)/.test(target) ? 'whySolution' : 'whyOutside';
  }
  return allowed.includes(packageOf(specifier)) ? undefined : 'whyPackage';
}

const CODE = /\.(m?ts|m?js|c[jt]s)$/;

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.includes(`${sep}node_modules${sep}`))
    .sort();
}

function lineOf(source: string, needle: string): number {
  const at = source.indexOf(needle);
  return at < 0 ? 1 : source.slice(0, at).split('\n').length;
}

/** Every import of every code file in `ownDir` that breaks the rule, with its line in the source. */
async function importProblems(ownDir: string, allowed: readonly string[]): Promise<ImportProblem[]> {
  await init;
  const problems: ImportProblem[] = [];
  for (const path of codeFiles(ownDir)) {
    const file = relative(ownDir, path);
    const source = readFileSync(path, 'utf8');
    if (/\.c[jt]s$/.test(path)) {
      // A CommonJS file loads through require(), which the module trace does not see.
      problems.push({ file, line: 1, specifier: 'require()', why: 'whyComputed' });
      continue;
    }
    const { code } = await transform(source, {
      loader: /\.m?ts$/.test(path) ? 'ts' : 'js',
      format: 'esm',
      tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    });
    const [imports] = parse(code);
    for (const entry of imports) {
      // import.meta is listed too; it loads nothing.
      if (entry.d === -2) continue;
      const specifier = entry.n;
      if (specifier === undefined) {
        // import(`../${x}`), import(a + b): no string to judge, so it cannot be allowed.
        const expression = code.slice(entry.s, entry.e);
        problems.push({ file, line: lineOf(source, expression), specifier: expression, why: 'whyComputed' });
        continue;
      }
      const why = judge(specifier, path, ownDir, allowed);
      if (why) problems.push({ file, line: lineOf(source, specifier), specifier, why });
    }
  }
  return problems;
}

/**
 * The modules a traced process resolved that break the rule: a file outside the learner's folder and outside
 * node_modules, a denied built-in, or a package a learner's file asked for that the lab does not list (what
 * the SDK or Express load in turn is theirs).
 */
function traceProblems(trace: string, ownDir: string, allowed: readonly string[]): string[] {
  const found = new Set<string>();
  for (const line of trace.split('\n')) {
    if (!line) continue;
    const { url, from, specifier } = JSON.parse(line) as {
      url: string;
      from: string | null;
      specifier: string;
    };
    const fromLearner = from?.startsWith('file:') === true && inside(fileURLToPath(from), ownDir);
    if (url.startsWith('node:')) {
      if (DENIED_BUILTINS.includes(url.slice(5).split('/')[0] ?? '')) found.add(`${url} ← ${from}`);
      continue;
    }
    if (!url.startsWith('file:')) continue;
    const path = fileURLToPath(url);
    if (path.includes(`${sep}node_modules${sep}`)) {
      if (fromLearner && judge(specifier, fileURLToPath(from as string), ownDir, allowed))
        found.add(`${specifier} → ${path}`);
      continue;
    }
    if (!inside(path, ownDir)) found.add(path);
  }
  return [...found];
}

/** What the trace of every server a run started found, kept where `ownProcess` reads it. */
const TRACES = 'own-code:traces';

export function traced(context: CheckContext): Array<() => string> {
  let list = context.shared.get(TRACES) as Array<() => string> | undefined;
  if (!list) {
    list = [];
    context.shared.set(TRACES, list);
  }
  return list;
}

const allowedOf = (context: CheckContext) => context.lab.imports ?? [];

export const ownImports: LabCheck = {
  id: 'ownImports',
  topic: OWN_TOPIC,
  sharedTitle: 'checkOwnImports',
  run: async (context) => {
    const allowed = allowedOf(context);
    const problems = await importProblems(context.dir, allowed);
    const first = problems[0];
    if (first)
      fail('@ownImportFound', {
        vars: { file: first.file, line: first.line, why: context.say(first.why) },
        expected: context.say('allowedImports', {
          packages: allowed.length > 0 ? allowed.join(' · ') : context.say('noPackages'),
        }),
        got: problems.map((problem) => `${problem.file}:${problem.line}  ${problem.specifier}`).join('\n'),
      });
  },
};

export const notACopy: LabCheck = {
  id: 'notACopy',
  topic: OWN_TOPIC,
  sharedTitle: 'checkNotACopy',
  run: async (context) => {
    if (context.dir === context.solutionDir) return;
    const squeeze = async (path: string) =>
      (
        await transform(await readFile(path, 'utf8'), {
          loader: /\.m?ts$/.test(path) ? 'ts' : 'js',
          minifyWhitespace: true,
          legalComments: 'none',
        })
      ).code;
    for (const name of context.lab.files.filter((file) => CODE.test(file))) {
      let mine: string;
      let theirs: string;
      try {
        [mine, theirs] = await Promise.all([
          squeeze(join(context.dir, name)),
          squeeze(join(context.solutionDir, name)),
        ]);
      } catch {
        // A file that does not parse is not a copy; the checks that run it say what is wrong with it.
        continue;
      }
      if (mine === theirs)
        fail('@copyOfSolution', {
          vars: { file: name, id: context.lab.id },
          expected: context.say('yourOwnCode'),
          got: `${name} = solution/${name}`,
        });
    }
  },
};

export const ownProcess: LabCheck = {
  id: 'ownProcess',
  topic: OWN_TOPIC,
  sharedTitle: 'checkOwnProcess',
  run: async (context) => {
    const foreign = [
      ...new Set(traced(context).flatMap((read) => traceProblems(read(), context.dir, allowedOf(context)))),
    ];
    if (foreign.length > 0)
      fail('@foreignModules', { expected: context.say('onlyOwnModules'), got: foreign.join('\n') });
  },
};
