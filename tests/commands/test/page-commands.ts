// The commands a docs page tells the reader to type: every line of its `sh` blocks, split into words as a
// shell would, with the prose that says what the reader should see. Tests read them from the page itself, so
// the page cannot drift from what is run.

export interface PageCommand {
  /** The command as the page shows it, continuation lines joined. */
  line: string;
  argv: string[];
  /** The prose after its block (up to the next block or heading) and its row in the page's command table. */
  prose: string;
}

/**
 * Splits a command line into words as a POSIX shell does for what a docs page uses: blanks between words,
 * '…' taken literally, "…" and a backslash escaping one character. Anything beyond that (a pipe, `$`, a
 * redirection) is refused, since a page that needs it is not portable to PowerShell or cmd anyway.
 */
function words(line: string): string[] {
  const result: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i += 1) {
    const char = line.charAt(i);
    if (quote !== null) {
      if (char === quote) quote = null;
      else if (quote === '"' && char === '\\' && i + 1 < line.length) word += line.charAt(++i);
      else word += char;
    } else if (char === ' ' || char === '\t') {
      if (word !== null) result.push(word);
      word = null;
    } else if (char === "'" || char === '"') {
      quote = char;
      word ??= '';
    } else if (char === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line.charAt(++i);
    } else if ('|&;<>$`'.includes(char)) {
      throw new Error(`shell syntax ${char} in a page command: ${line}`);
    } else {
      word = (word ?? '') + char;
    }
  }
  if (quote !== null) throw new Error(`unclosed ${quote} in a page command: ${line}`);
  if (word !== null) result.push(word);
  return result;
}

/**
 * Every command of the page's `sh` blocks, each with the prose that tells the reader what it shows; with
 * `wanted`, only the lines it accepts (the rest are neither split nor checked).
 */
export function pageCommands(
  markdown: string,
  wanted: (line: string) => boolean = () => true,
): PageCommand[] {
  const lines = markdown.split('\n');
  const tableRow = (line: string) => lines.find((row) => row.startsWith(`| \`${line}\` |`)) ?? '';
  const commands: PageCommand[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i] !== '```sh') continue;
    const block: string[] = [];
    for (i += 1; i < lines.length && lines[i] !== '```'; i += 1) block.push(lines[i] ?? '');
    const prose: string[] = [];
    for (let j = i + 1; j < lines.length && !/^(```|#)/.test(lines[j] ?? ''); j += 1)
      prose.push(lines[j] ?? '');
    const joined = block
      .join('\n')
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    for (const line of joined.filter(wanted)) {
      commands.push({ line, argv: words(line), prose: `${prose.join('\n')}\n${tableRow(line)}` });
    }
  }
  return commands;
}
