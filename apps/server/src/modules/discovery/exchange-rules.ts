import type { Exchange } from '@roundup/shared';

/**
 * The listing a filing names, or null when it names none or cannot be told apart.
 * Pure. The 8-K cover page's "Name of each exchange on which registered" decides when present;
 * otherwise the exchange the text names most often (a transfer or a deficiency notice may name two:
 * a tie is null, and the admin sets it).
 */
const PATTERNS: [Exchange, RegExp][] = [
  // NYSE American first: "NYSE American" must not count as NYSE.
  ['NYSE American', /\bNYSE\s+(?:American|MKT|Amex)\b/gi],
  ['NYSE', /\bNew\s+York\s+Stock\s+Exchange\b|\bNYSE\b(?!\s+(?:American|MKT|Amex|Arca)\b)/gi],
  ['Nasdaq', /\bNasdaq\b/gi],
  ['OTC', /\bOTC\s*(?:QB|QX|Pink|Markets|Bulletin\s+Board|Expert\s+Market)\b|\bOTCQB\b|\bOTCQX\b|\bover-the-counter\b/gi],
];

const COVER = /exchange\s+on\s+which\s+registered\W{0,40}([\s\S]{0,400})/i;

function counts(text: string): Map<Exchange, number> {
  const out = new Map<Exchange, number>();
  for (const [name, re] of PATTERNS) {
    const n = text.match(re)?.length ?? 0;
    if (n > 0) out.set(name, n);
  }
  return out;
}

export function listingExchange(text: string): Exchange | null {
  const cover = COVER.exec(text);
  if (cover) {
    // The first exchange named after the heading (the class's row of the cover table).
    const first = PATTERNS.map(([name, re]) => ({ name, at: cover[1].search(new RegExp(re.source, 'i')) }))
      .filter((m) => m.at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (first) return first.name;
  }
  const ranked = [...counts(text).entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return null;
  if (ranked.length > 1 && ranked[0][1] === ranked[1][1]) return null;
  return ranked[0][0];
}
