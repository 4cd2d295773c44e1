/**
 * The split ratio N of a 1-for-N reverse split (docs/discovery.md): "1-for-20", "one-for-twenty",
 * "one (1) share for every fifty (50)", "20:1", "1:20", "every 20 shares ... combined into one";
 * authorised ranges ("between 1-for-5 and 1-for-50", "up to 1-for-100") give no ratio until one is
 * selected; forward splits ("2-for-1") are not reverse splits; for ADSs the ADS ratio change wins.
 */
const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** "twenty-five", "one hundred fifty", "1,000" → number; null when it is not one. */
export function parseNumber(raw: string): number | null {
  const s = raw.trim().toLowerCase().replace(/,/g, '');
  // "4.3", "11.2158": a decimal ratio is the filing's, read exactly.
  if (/^\d+(?:\.\d+)?$/.test(s)) return Number(s);
  let total = 0;
  let current = 0;
  let any = false;
  for (const w of s.split(/[\s-]+/).filter((x) => x && x !== 'and')) {
    if (w in UNITS) current += UNITS[w];
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return null;
    any = true;
  }
  return any ? total + current : null;
}

const NUM_WORD =
  '(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|and)[\\s-]*)+';
const NUM = `(?:\\d[\\d,]*(?:\\.\\d+)?|${NUM_WORD})`;
/** "twenty (20)" or "20" or "twenty" or "4.3". */
const AMOUNT = `(${NUM})(?:\\s*\\((\\d[\\d,]*(?:\\.\\d+)?)\\))?`;

const value = (word: string | undefined, digits: string | undefined) => {
  const n = digits ? parseNumber(digits) : word ? parseNumber(word) : null;
  return n !== null && Number.isFinite(n) ? n : null;
};

export interface RatioFacts {
  ratio: number | null;
  range: { min: number; max: number } | null;
  forwardOnly: boolean;
}

interface Mention {
  n: number;
  at: number;
}

const RANGE = new RegExp(
  `\\b(?:between|from|range of|ranging from|(?:not|no) less than|(?:not|no) fewer than|at least|a minimum of)\\s+(?:a\\s+)?(?:one|1)(?:\\s*\\(1\\))?[- ]for[- ]${AMOUNT}\\s*,?\\s+(?:and|to|but)\\s+(?:(?:not|no) (?:more|greater) than\\s+|a maximum of\\s+|up to\\s+)?(?:a\\s+)?(?:one|1)(?:\\s*\\(1\\))?[- ]for[- ]${AMOUNT}`,
  'gi',
);
/** "a minimum of every 2 and a maximum of every 4 shares … combined into one": a range told by its mechanics. */
const EVERY_RANGE = new RegExp(
  `\\b(?:a minimum of|between|from)\\s+(?:each|every)\\s+${AMOUNT}\\s+(?:and|to)\\s+(?:a maximum of\\s+)?(?:each|every)\\s+${AMOUNT}\\s+(?:[\\w-]+\\s+){0,8}?(?:shares?|ads)\\b[^.]{0,160}?\\binto\\s+(?:one|1)\\b`,
  'gi',
);
const UP_TO = new RegExp(
  `\\b(?:up to|not (?:to )?exceed(?:ing)?|(?:no|not) (?:more|greater) than|maximum (?:ratio )?of)\\s+(?:a\\s+)?(?:one|1)(?:\\s*\\(1\\))?[- ]for[- ]${AMOUNT}`,
  'gi',
);
const ONE_FOR = new RegExp(`\\b(?:one|1)(?:\\s*\\(1\\))?[- ]for[- ]${AMOUNT}(?![- ]for)`, 'gi');
const N_FOR_ONE = new RegExp(`\\b${AMOUNT}[- ]for[- ](?:one|1)\\b(?:\\s*\\(1\\))?`, 'gi');
const COLON = /\b(\d{1,6}(?:\.\d+)?)\s*:\s*(\d{1,6}(?:\.\d+)?)\b/g;
const SHARE_FOR_EVERY = new RegExp(
  `\\b(?:one|1)(?:\\s*\\(1\\))?\\s+(?:new\\s+|post-split\\s+|consolidated\\s+)?(?:share|ordinary share|common share|ads)s?\\b[^.]{0,120}?\\bfor\\s+(?:each|every)\\s+${AMOUNT}`,
  'gi',
);
const EVERY_INTO_ONE = new RegExp(
  `\\b(?:(?:combination|consolidation|conversion|reclassification) of\\s+)?(?:each|every)\\s+${AMOUNT}\\s+(?:[\\w-]+\\s+){0,8}?(?:shares?|ads)\\b[^.]{0,160}?\\b(?:(?:combined|consolidated|converted|reclassified|changed)\\s+(?:\\w+\\s+){0,3}?)?into\\s+(?:one|1)\\b`,
  'gi',
);
const ADS_CHANGE = new RegExp(
  `\\bads ratio\\b[^.]{0,200}?\\bfrom\\s+(?:one|1)(?:\\s*\\(1\\))?\\s+ads\\s+(?:representing|to)\\s+${AMOUNT}[^.]{0,80}?\\bto\\s+(?:one|1)(?:\\s*\\(1\\))?\\s+ads\\s+(?:representing|to)\\s+${AMOUNT}`,
  'gi',
);

/** "40 to 1", "4-to-1", "ten (10) shares to one (1) share": N old shares to one new, beside a reverse split or consolidation. */
const N_TO_ONE = new RegExp(
  `\\b${AMOUNT}(?:\\s+(?:[\\w-]+\\s+){0,2}?shares?)?[- ]to[- ](?:one|1)\\b(?:\\s*\\(1\\))?(?![\\d.,]*\\d)`,
  'gi',
);
const RANGE_TO_ONE = new RegExp(
  `\\b(?:between|from)\\s+${AMOUNT}[- ]to[- ](?:one|1)\\s+(?:and|to)\\s+${AMOUNT}[- ]to[- ](?:one|1)\\b`,
  'gi',
);
/** "a share consolidation of 35-1". */
const DASH_ONE = /\b(?:consolidation|reverse (?:stock |share )?split|rollback)\s+of\s+(\d{1,5}(?:\.\d+)?)-1\b(?!\d)/gi;
/** A ceiling, not a ratio: "up to a 10:1 rollback", "the maximum Consolidation of 10:1". */
const CEILING_BEFORE = /\b(?:up to|maximum(?:\s+[\w-]+){0,2}\s+of|not (?:to )?exceed(?:ing)?)\s+(?:a\s+)?$/i;

const OTHER_RATIO =
  /\bsettlement\b|\bmerger\b|\bexchange ratio\b|\bconver(?:t|sion)\b|\bwarrants?\b|\bif the (?:[\w-]+ ){0,3}ratio (?:for (?:[\w-]+ ){1,5})?(?:is|were|was)\b|\bfor example\b|\billustrat/i;

export function findRatio(text: string): RatioFacts {
  const lower = text;
  const ranges: { min: number; max: number; at: number; end: number }[] = [];
  for (const re of [RANGE, EVERY_RANGE, RANGE_TO_ONE])
    for (const m of lower.matchAll(re)) {
      const a = value(m[1], m[2]);
      const b = value(m[3], m[4]);
      if (a && b && a > 1 && b > 1)
        ranges.push({ min: Math.min(a, b), max: Math.max(a, b), at: m.index, end: m.index + m[0].length });
    }
  const bounded = ranges.slice();
  // "up to a 10:1 rollback": a ceiling, read as the range up to it.
  for (const m of [...lower.matchAll(COLON), ...lower.matchAll(N_TO_ONE)]) {
    if (!CEILING_BEFORE.test(lower.slice(Math.max(0, m.index - 40), m.index))) continue;
    const b = m[0].includes(':') ? Math.max(Number(m[1]), Number(m[2])) : value(m[1], m[2]);
    if (b && b > 1) ranges.push({ min: Math.min(2, b), max: b, at: m.index, end: m.index + m[0].length });
  }
  for (const m of lower.matchAll(UP_TO)) {
    // "not less than 1-for-5 and not more than 1-for-40": the upper bound of a range already read, not a range from 2.
    if (bounded.some((r) => m.index >= r.at && m.index < r.end)) continue;
    const b = value(m[1], m[2]);
    if (b && b > 1) ranges.push({ min: Math.min(2, b), max: b, at: m.index, end: m.index + m[0].length });
  }
  const inRange = (at: number) => ranges.some((r) => at >= r.at && at < r.end);

  const mentions: Mention[] = [];
  const add = (n: number | null, at: number) => {
    // A 1-for-1.5 split is a reverse split too; 1-for-1 is none.
    if (n !== null && n > 1 && n <= 1_000_000 && !inRange(at)) mentions.push({ n, at });
  };
  // Another transaction's ratio (a settlement, merger, conversion) or an illustration never sets the
  // split's, unless the ratio names the reverse split itself ("1-for-4.3 (1:4.3) reverse stock split").
  const own = (m: RegExpMatchArray) => {
    const end = m.index! + m[0].length;
    if (/^\s*(?:\([^)]{0,20}\)\s*)?reverse\b/i.test(lower.slice(end, end + 40))) return true;
    const before = lower.slice(Math.max(0, m.index! - 200), m.index);
    return !OTHER_RATIO.test(before.slice(before.search(/[.;]\s[^.;]*$/) + 1));
  };
  for (const m of lower.matchAll(ONE_FOR)) if (own(m)) add(value(m[1], m[2]), m.index);
  for (const m of lower.matchAll(SHARE_FOR_EVERY)) if (own(m)) add(value(m[1], m[2]), m.index);
  for (const m of lower.matchAll(EVERY_INTO_ONE)) add(value(m[1], m[2]), m.index);
  for (const m of lower.matchAll(COLON)) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    // "1:20" and "20:1" both name a 1-for-20 reverse split when the text says reverse; times like 9:30 are not ratios.
    const around = lower.slice(Math.max(0, m.index - 60), m.index + m[0].length + 60);
    if (/\b(?:a\.m|p\.m|am|pm|eastern|et)\b/i.test(around)) continue;
    if (!/\breverse|consolidat/i.test(around)) continue;
    if (a === 1) add(b, m.index);
    else if (b === 1) add(a, m.index);
  }
  for (const m of lower.matchAll(N_TO_ONE)) {
    const around = lower.slice(Math.max(0, m.index - 120), m.index + m[0].length + 80);
    if (/\breverse|consolidat/i.test(around) && !/\bforward\b/i.test(around)) add(value(m[1], m[2]), m.index);
  }
  for (const m of lower.matchAll(DASH_ONE)) add(value(m[1], undefined), m.index);
  let forward = 0;
  for (const m of lower.matchAll(N_FOR_ONE)) {
    const n = value(m[1], m[2]);
    const around = lower.slice(Math.max(0, m.index - 80), m.index + m[0].length + 40);
    if (n && n >= 2 && /\bforward\b|\bstock dividend\b/i.test(around)) forward += 1;
    else if (n && n >= 2 && /\breverse|consolidat/i.test(around)) add(n, m.index);
    else if (n && n >= 2) forward += 1;
  }
  // For ADSs, the ADS ratio change is what a holder of ADSs gets.
  for (const m of lower.matchAll(ADS_CHANGE)) {
    const from = value(m[1], m[2]);
    const to = value(m[3], m[4]);
    if (from && to && to > from && Number.isInteger(to / from)) return { ratio: to / from, range: null, forwardOnly: false };
  }
  // The ratio stated most often wins (a filing repeats its split's ratio; an old split is named once);
  // on a tie the later one (a selection stated after the authorised range).
  const counts = new Map<number, { n: number; count: number; last: number }>();
  for (const m of mentions) {
    const c = counts.get(m.n) ?? { n: m.n, count: 0, last: 0 };
    c.count += 1;
    c.last = Math.max(c.last, m.at);
    counts.set(m.n, c);
  }
  const chosen = [...counts.values()].sort((x, y) => y.count - x.count || y.last - x.last)[0] ?? null;
  const range = ranges.length ? { min: Math.min(...ranges.map((r) => r.min)), max: Math.max(...ranges.map((r) => r.max)) } : null;
  return { ratio: chosen?.n ?? null, range: chosen ? null : range, forwardOnly: !chosen && !range && forward > 0 };
}
