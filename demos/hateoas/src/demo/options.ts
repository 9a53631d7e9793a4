import { parseArgs } from 'node:util';

export type Lang = 'zh' | 'en';

export interface DemoOptions {
  interactive: boolean;
  color: boolean;
  lang: Lang;
  help: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const usage = `Usage: pnpm demo:hateoas [options]

HATEOAS next to MCP on the article's order 123: a links-only client, then the same
moment seen through MCP tools. Both servers run on 127.0.0.1, on free ports.

  --interactive   drive it yourself: a numbered menu built from _links, and the MCP tools
  --lang zh|en    language of the narration (default: zh); the wire is never translated
  --no-color      plain text (also when NO_COLOR is set or the output is not a terminal)
  -h, --help      show this help`;

export function parseDemoArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  isTTY = process.stdout.isTTY === true,
): DemoOptions {
  let values: { interactive: boolean; color: boolean; lang: string; help: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        interactive: { type: 'boolean', default: false },
        color: { type: 'boolean', default: true },
        lang: { type: 'string', default: 'zh' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowNegative: true,
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.lang !== 'zh' && values.lang !== 'en') {
    throw new UsageError(`--lang must be zh or en, not "${values.lang}"`);
  }
  // NO_COLOR counts when present and not empty (no-color.org).
  const noColorEnv = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return {
    interactive: values.interactive,
    color: values.color && !noColorEnv && isTTY,
    lang: values.lang,
    help: values.help,
  };
}
