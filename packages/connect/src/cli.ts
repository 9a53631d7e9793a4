// `pnpm connect [host]`: puts the kit's MCP server, or the learner's own, into an AI host. This file reads the
// options and nothing more, so --help and a wrong option answer at once; the hosts, the YAML, TOML and JSONC
// readers and the writing load from run.ts after that.
import { command } from '@memos-kit/terminal';
import { spec } from './cli-options.ts';

/**
 * `--command` takes the rest of the line, options and all (`--command node server.js --port 3`), which
 * parseArgs cannot express: the words after it are split off before parsing and only the first is parsed.
 */
function splitCommand(argv: readonly string[]): { argv: string[]; command?: string[] } {
  const at = argv.findIndex((word) => word === '--command' || word.startsWith('--command='));
  if (at === -1) return { argv: [...argv] };
  const flag = argv[at] ?? '';
  const rest = flag.includes('=')
    ? [flag.slice(flag.indexOf('=') + 1), ...argv.slice(at + 1)]
    : argv.slice(at + 1);
  return { argv: [...argv.slice(0, at), '--command', rest[0] ?? ''], command: rest };
}

const { argv, command: commandWords } = splitCommand(process.argv.slice(2));

await command(spec, async (parsed) => (await import('./run.ts')).run(parsed, commandWords), argv);
