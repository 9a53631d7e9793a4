// Decides, for one line, whether every fact it states is held: read by a claim whose probe measured that
// value on the running kit, cited to its source in the same sentence, or set aside with a reason.
import type { Facts } from './probes.ts';
import { citationFor, type Finding, type Token } from './scan.ts';

export interface Measured {
  probe: string;
  facts: Facts;
}

export interface AsideHere {
  /** The facts it sets aside, as written; all of the line's when absent. */
  only?: readonly string[];
  because: string;
}

const kindWords: Record<Token['kind'], string> = {
  status: 'the HTTP status',
  code: 'the JSON-RPC code',
  text: 'the error text',
  limit: 'the limit, count or default',
};

/** Whether a text the page quotes is (part of) a text the kit answered; `<name>`, `…` and `...` stand for anything. */
export function quotes(page: string, kit: string): boolean {
  const pieces = page.split(/<[^>\s]+>|…|\.\.\./).filter((piece) => piece !== '');
  let from = 0;
  for (const piece of pieces) {
    const at = kit.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return pieces.length > 0;
}

function holds(token: Token, facts: Facts): boolean {
  switch (token.kind) {
    case 'status':
      return facts.status?.includes(Number(token.value)) ?? false;
    case 'code':
      return facts.code?.includes(Number(token.value)) ?? false;
    case 'text':
      return facts.text?.some((text) => quotes(token.value, text)) ?? false;
    case 'limit':
      return facts.limit?.includes(token.value) ?? false;
  }
}

const measuredOf = (token: Token, facts: Facts): string[] => {
  const values = { status: facts.status, code: facts.code, text: facts.text, limit: facts.limit }[token.kind];
  const all = (values ?? []) as (string | number)[];
  return all.map((value) => (token.kind === 'text' ? JSON.stringify(value) : String(value)));
};

export const HOW_TO_HOLD = [
  'Hold it in one of three ways (CONTRIBUTING.md, "A fact about the kit is a test"):',
  '  - a claim in docs/test/claims/registry.ts: a probe (docs/test/claims/probes.ts) that sends the request',
  '    to the running kit, and this line as [file, a piece of its text], in both languages;',
  '  - a link to its source in the same sentence: a page of the 2026-07-28 specification (with its',
  '    section), a section of the article page, Memos v0.30.0 source, JSON-RPC 2.0 or an RFC;',
  '  - if it says nothing about what the kit does (a question, a figure of the article, another program),',
  '    an aside in registry.ts that says why.',
].join('\n');

/** What is wrong with the facts of one line; nothing when each is held. */
export function judge(
  finding: Finding,
  measured: readonly Measured[],
  asides: readonly AsideHere[],
): string[] {
  const where = `${finding.file}:${finding.line}`;
  const problems: string[] = [];
  const used = new Set<string>();
  for (const token of finding.tokens) {
    const holders = measured.filter(({ facts }) => holds(token, facts));
    for (const { probe } of holders) used.add(probe);
    if (holders.length > 0) continue;
    if (asides.some((aside) => !aside.only || aside.only.includes(token.raw))) continue;
    if (citationFor(finding, token)) continue;
    const others = measured.filter(({ facts }) => measuredOf(token, facts).length > 0);
    if (others.length > 0) {
      const kit = others
        .map(({ probe, facts }) => `${measuredOf(token, facts).join(', ')} (${probe})`)
        .join('; ');
      problems.push(`${where} states ${kindWords[token.kind]} ${token.raw}, but the kit gives ${kit}.`);
    } else if (measured.length > 0) {
      const names = measured.map(({ probe }) => `"${probe}"`).join(', ');
      problems.push(
        `${where} states ${kindWords[token.kind]} ${token.raw}, and ${names} did not find it on the kit.`,
      );
    } else {
      problems.push(
        `${where} states ${kindWords[token.kind]} ${token.raw} about the kit, and nothing checks it.`,
      );
    }
  }
  for (const { probe, facts } of measured) {
    if (used.has(probe)) continue;
    problems.push(
      `${where}: the claim "${probe}" reads none of this line's facts (the kit gave ${JSON.stringify(facts)}); ` +
        'does the line still say what the probe checks?',
    );
  }
  return problems;
}
