import stringWidth from 'string-width';

// Matches one SGR sequence (colours, bold, underline): the only escapes styleText emits.
const ESC = String.fromCharCode(0x1b);
const sgr = new RegExp(`${ESC}\\[(\\d+(?:;\\d+)*)m`, 'y');
const closers: Record<string, readonly string[]> = {
  '39': ['30', '31', '32', '33', '34', '35', '36', '37', '90', '91', '92', '93', '94', '95', '96', '97'],
  '22': ['1', '2'],
  '23': ['3'],
  '24': ['4'],
};

/**
 * Cuts one line into pieces no wider than `width` terminal cells, counting CJK characters as two cells
 * and carrying open colours over to the next piece, so a column never bleeds into its neighbour.
 */
export function wrapLine(line: string, width: number): string[] {
  if (stringWidth(line) <= width) return [line];
  const pieces: string[] = [];
  let active: string[] = [];
  let current = '';
  let used = 0;
  let i = 0;
  while (i < line.length) {
    sgr.lastIndex = i;
    const sequence = sgr.exec(line);
    if (sequence) {
      const code = sequence[1] ?? '0';
      if (code === '0') active = [];
      else if (code in closers) active = active.filter((open) => !closers[code]?.includes(open.slice(2, -1)));
      else active.push(sequence[0]);
      current += sequence[0];
      i = sgr.lastIndex;
      continue;
    }
    const char = String.fromCodePoint(line.codePointAt(i) ?? 0);
    const cells = stringWidth(char);
    if (used + cells > width) {
      pieces.push(active.length > 0 ? `${current}${ESC}[0m` : current);
      current = active.join('');
      used = 0;
    }
    current += char;
    used += cells;
    i += char.length;
  }
  pieces.push(current);
  return pieces;
}

export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

/** Two blocks of lines next to each other, each wrapped to its column. */
export function sideBySide(
  left: readonly string[],
  right: readonly string[],
  width: number,
  gutter = ' │ ',
): string[] {
  const column = Math.floor((width - stringWidth(gutter)) / 2);
  const l = left.flatMap((line) => wrapLine(line, column));
  const r = right.flatMap((line) => wrapLine(line, column));
  const rows: string[] = [];
  for (let i = 0; i < Math.max(l.length, r.length); i++) {
    rows.push(`${padToWidth(l[i] ?? '', column)}${gutter}${r[i] ?? ''}`.trimEnd());
  }
  return rows;
}

/** A plain table whose columns line up even with Chinese text in them. */
export function table(rows: readonly (readonly string[])[], gap = '  '): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, stringWidth(cell));
    });
  }
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : padToWidth(cell, widths[i] ?? 0)))
      .join(gap)
      .trimEnd(),
  );
}

export { stringWidth };
