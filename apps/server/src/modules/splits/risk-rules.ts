import {
  addDays,
  daysBetween,
  EARLY_CLOSE_MINUTES,
  isEarlyClose,
  isTradingDay,
  marketClock,
  REGULAR_CLOSE_MINUTES,
  type ClawbackKind,
  type RiskCode,
  type RiskLevel,
  type RiskReason,
  type SplitRisk,
} from '@roundup/shared';

/**
 * Issuer risk on one split (decision 045). Pure: the split's facts, the issuer's earlier splits and
 * its recorded clawbacks are given. Each rule is one reason with its own level; the split's level is
 * the worst of them, `normal` when none applies.
 */

/** Where the risk page explains each rule (the reader's source when no filing says it). */
export const RISK_PAGE = '/learn/risks';

/** Fewer market sessions than this between the announcement and the effective date is short notice. */
export const SHORT_NOTICE_SESSIONS = 3;
/** The NYSE expects a reverse split announced at least this many calendar days before it takes effect. */
export const NYSE_NOTICE_DAYS = 10;
/**
 * Cumulative reverse-split caps over two years, by exchange: Nasdaq 250:1, the NYSE 200:1 (Listed
 * Company Manual 802.01C) and NYSE American 200:1 (Company Guide 1003), all approved in 2024-25.
 */
export const CUMULATIVE_CAPS: Readonly<Record<string, number>> = { Nasdaq: 250, NYSE: 200, 'NYSE American': 200 };
/** At or below this last known price, Nasdaq would move the stock to OTC during an appeal. */
export const SUB_DIME_PRICE = 0.1;

export interface ClawbackRecord {
  kind: ClawbackKind;
  date: string;
  source: string;
}

export interface RiskFacts {
  exchange: string | null;
  effDate: string;
  /** When EDGAR accepted the announcing filing (ISO instant), or null when not known. */
  acceptedAt: string | null;
  ratio: number;
  /** Last known price; 0 = not known. */
  price: number;
  rsType: string;
  participant: boolean;
  /** The filing link. */
  source: string | null;
  /** The issuer's earlier completed splits (newest first or any order). */
  history: readonly { date: string; ratio: number }[];
  /** What an admin recorded of the issuer. */
  clawbacks: readonly ClawbackRecord[];
  /** Earlier splits of the issuer on which members recorded shares clawed back. */
  memberClawbacks: readonly { effDate: string; source: string | null }[];
}

const RANK: Record<RiskLevel, number> = { normal: 0, elevated: 1, high: 2 };
type Found = RiskReason & { level: RiskLevel };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The market sessions a member has to buy in: from the announcement's session (when the filing was
 * accepted before that day's close) up to, not including, the effective date.
 */
export function sessionsBetween(acceptedAt: string, effDate: string): number {
  const at = marketClock(new Date(acceptedAt));
  const close = isEarlyClose(at.date) ? EARLY_CLOSE_MINUTES : REGULAR_CLOSE_MINUTES;
  let d = at.minutes < close ? at.date : addDays(at.date, 1);
  let n = 0;
  for (; d < effDate; d = addDays(d, 1)) if (isTradingDay(d)) n++;
  return n;
}

/** The same calendar day two years earlier (29 February compares as a string, so no day is lost). */
const twoYearsBefore = (date: string) => `${Number(date.slice(0, 4)) - 2}${date.slice(4)}`;

/** This split times the issuer's splits in the two years before it (ratios multiply). */
export function cumulativeRatio(f: Pick<RiskFacts, 'effDate' | 'ratio' | 'history'>): { total: number; count: number } {
  const since = twoYearsBefore(f.effDate);
  const within = f.history.filter((h) => h.date >= since && h.date < f.effDate);
  return { total: within.reduce((t, h) => t * h.ratio, f.ratio), count: within.length };
}

const CLAWBACK_VERBS: Record<ClawbackKind, string> = {
  refused: 'refused to round up shares',
  reversed: 'reversed round-up shares',
  litigated: 'sued over round-up shares',
};

function clawbackReasons(f: RiskFacts): Found[] {
  const recorded = f.clawbacks.map((c) => ({
    code: 'clawback_history' as const,
    level: 'high' as const,
    text: `Issuer ${CLAWBACK_VERBS[c.kind]} in ${c.date.slice(0, 4)}`,
    source: c.source,
  }));
  const reported = f.memberClawbacks
    .filter((m) => m.effDate < f.effDate)
    .map((m) => ({
      code: 'clawback_history' as const,
      level: 'high' as const,
      text: `Members had round-up shares clawed back after the issuer's ${m.effDate} split`,
      source: m.source,
    }));
  return [...recorded, ...reported];
}

function noticeReasons(f: RiskFacts): Found[] {
  if (!f.acceptedAt) return [];
  const out: Found[] = [];
  const sessions = sessionsBetween(f.acceptedAt, f.effDate);
  if (sessions < SHORT_NOTICE_SESSIONS) {
    out.push({
      code: 'short_notice',
      level: 'elevated',
      text: `Announced only ${plural(sessions, 'market session')} before the split`,
      source: f.source ?? `${RISK_PAGE}#notice`,
    });
  }
  const days = daysBetween(marketClock(new Date(f.acceptedAt)).date, f.effDate);
  if (f.exchange === 'NYSE' && days < NYSE_NOTICE_DAYS) {
    out.push({
      code: 'nyse_late_notice',
      level: 'elevated',
      text: `Announced ${plural(days, 'calendar day')} ahead; the NYSE expects at least ${NYSE_NOTICE_DAYS}`,
      source: `${RISK_PAGE}#exchange-rules`,
    });
  }
  return out;
}

function ratioReason(f: RiskFacts): Found[] {
  const cap = f.exchange ? CUMULATIVE_CAPS[f.exchange] : undefined;
  if (!cap) return [];
  const { total, count } = cumulativeRatio(f);
  if (total * 2 < cap) return [];
  const reached = total >= cap;
  const what = count
    ? `${total}:1 in reverse splits over two years (${plural(count + 1, 'split')})`
    : `A ${total}:1 reverse split`;
  return [
    {
      code: 'cumulative_ratio',
      level: reached ? 'high' : 'elevated',
      text: `${what}, ${reached ? 'at or over' : 'within a factor of 2 of'} ${f.exchange === 'NYSE' ? 'the NYSE' : f.exchange}'s ${cap}:1 cap`,
      source: `${RISK_PAGE}#exchange-rules`,
    },
  ];
}

function priceAndRounding(f: RiskFacts): Found[] {
  const out: Found[] = [];
  if (f.price > 0 && f.price <= SUB_DIME_PRICE) {
    out.push({
      code: 'sub_dime',
      level: 'elevated',
      text: `Last known price $${f.price.toFixed(f.price < 0.01 ? 4 : 2)}, at or below $0.10`,
      source: `${RISK_PAGE}#sub-dime`,
    });
  }
  if (f.rsType === 'Round Up' && f.participant) {
    out.push({
      code: 'participant_level',
      level: 'elevated',
      text: 'Rounded up at the participant (broker) level: your broker decides whether each account gets a share',
      source: f.source ?? `${RISK_PAGE}#participant-level`,
    });
  }
  return out;
}

const ORDER: readonly RiskCode[] = [
  'clawback_history',
  'cumulative_ratio',
  'short_notice',
  'nyse_late_notice',
  'sub_dime',
  'participant_level',
];

/** The split's risk: every reason that applies, worst first, and the worst level among them. */
export function splitRisk(f: RiskFacts): SplitRisk {
  const found = [...clawbackReasons(f), ...ratioReason(f), ...noticeReasons(f), ...priceAndRounding(f)].sort(
    (a, b) => RANK[b.level] - RANK[a.level] || ORDER.indexOf(a.code) - ORDER.indexOf(b.code),
  );
  const level = found.reduce<RiskLevel>((w, r) => (RANK[r.level] > RANK[w] ? r.level : w), 'normal');
  return { level, reasons: found.map(({ code, text, source }) => ({ code, text, source })) };
}
