/**
 * Sentences of normalised filing text: each line (block) splits at a period, question or
 * exclamation mark followed by a space and a capital, a digit or a quote, except after common
 * abbreviations (Inc., Corp., No., U.S., a.m., Jan. ...) and single initials.
 */
const ABBREVIATIONS = new Set(
  [
    'inc',
    'corp',
    'co',
    'ltd',
    'llc',
    'plc',
    'lp',
    'l.p',
    'n.v',
    's.a',
    'a.g',
    'ag',
    'nv',
    'sa',
    'no',
    'nos',
    'u.s',
    'u.s.a',
    'e.g',
    'i.e',
    'etc',
    'approx',
    'mr',
    'mrs',
    'ms',
    'dr',
    'st',
    'jr',
    'sr',
    'vs',
    'a.m',
    'p.m',
    'jan',
    'feb',
    'mar',
    'apr',
    'jun',
    'jul',
    'aug',
    'sep',
    'sept',
    'oct',
    'nov',
    'dec',
    'sec',
    'art',
    'para',
    'par',
    'ex',
    'fig',
    'ref',
    'vol',
    'est',
    'dept',
    'cf',
    'n.a',
    'et al',
  ].map((a) => a.toLowerCase()),
);

export interface Sentence {
  text: string;
  index: number;
}

function splitLine(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  const re = /[.!?]["')\]]*\s+(?=["'([]?[A-Z0-9])/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const end = m.index + 1;
    const before = line.slice(start, end - 1);
    const word =
      /(\S+)$/
        .exec(before)?.[1]
        ?.toLowerCase()
        .replace(/^["'(]+/, '') ?? '';
    if (ABBREVIATIONS.has(word) || /^[a-z]$/i.test(word) || /^(?:[a-z]\.){1,3}[a-z]?$/i.test(word)) continue;
    out.push(line.slice(start, m.index + m[0].trimEnd().length).trim());
    start = m.index + m[0].length;
  }
  const rest = line.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

export function sentences(text: string): Sentence[] {
  const list: Sentence[] = [];
  for (const line of text.split('\n'))
    for (const s of splitLine(line)) if (s.length > 1) list.push({ text: s, index: list.length });
  return list;
}
