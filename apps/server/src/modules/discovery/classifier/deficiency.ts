import { addDays } from '@roundup/shared';
import { datesIn } from './dates';
import { normalise } from './normalise';
import { sentences, type Sentence } from './sentences';

/**
 * The earliest sign of a reverse split (docs/discovery.md, "Deficiency watchlist"): an 8-K Item 3.01
 * minimum-bid-price notice. The issuer's stock closed under $1.00 for 30 business days (Nasdaq
 * 5550(a)(2) or 5450(a)(1)), or averaged under $1.00 over 30 trading days (NYSE 802.01C), or sold
 * at a low price for a substantial period (NYSE American 1003(f)(v)). Pure: the filing's text in, the
 * notice's rule, date, compliance deadline and deciding sentence out; null for anything else (another
 * listing standard, a notice that compliance was regained, a split announcement).
 */
export interface DeficiencyNotice {
  exchange: 'Nasdaq' | 'NYSE' | 'NYSE American';
  /** The rule cited, as members read it ("Nasdaq 5550(a)(2)"). */
  rule: string;
  /** The date of the exchange's letter; the filing date when the filing does not say. */
  noticeDate: string;
  /**
   * The last day to regain compliance: the date the filing states, else 180 days (Nasdaq) or six
   * months (NYSE) on; null when the exchange gives none (it has already determined to delist).
   */
  deadline: string | null;
  /** The sentence that decided it. */
  sentence: string;
  /** The exchange granted more time (a second compliance period) rather than a first notice. */
  extension: boolean;
}

const RULES: { re: RegExp; exchange: DeficiencyNotice['exchange']; rule: string }[] = [
  { re: /\b5550\s*\(a\)\s*\(2\)/i, exchange: 'Nasdaq', rule: 'Nasdaq 5550(a)(2)' },
  { re: /\b5450\s*\(a\)\s*\(1\)/i, exchange: 'Nasdaq', rule: 'Nasdaq 5450(a)(1)' },
  { re: /\b802\.01\s*C\b/i, exchange: 'NYSE', rule: 'NYSE 802.01C' },
  { re: /\b1003\s*\(f\)\s*\(v\)/i, exchange: 'NYSE American', rule: 'NYSE American 1003(f)(v)' },
];

/** The price standard itself, named without its rule number. */
const BID_PRICE =
  /\bminimum (?:closing )?bid price\b|\bbid price (?:requirement|rule)\b|\baverage closing (?:share )?price\b[^.]{0,80}\bless than \$1\.00\b|\blow selling price\b|\blow price per share\b/i;
/** The exchange told the issuer: a letter, a notice, a notification, more time granted. */
const TOLD = /\b(?:received|receipt of|notif(?:ied|ication|ying)|letter|notice|granted|informed)\b/i;
/**
 * What the letter said: below the standard ("closed below the minimum $1.00", NYSE American's
 * "selling for a low price per share for a substantial period of time"), or a further compliance
 * period (an extension, or a Hearings Panel's "exception period" to regain compliance).
 */
const SHORT =
  /\bnot in compliance\b|\bno longer (?:met|meets|in compliance)\b|\b(?:did|had|has|have) not (?:meet|met|satisfy|satisfied|comply|complied)\b|\bfail(?:ed|s|ure)? to (?:meet|satisfy|comply)\b|\b(?:below|less than) (?:the )?(?:minimum )?\$1(?:\.00)?\b|\bselling for a low price\b|\blow price per share for a substantial period\b|\bnon-?compliance\b|\bdeficien(?:cy|t)\b|\bextension\b|\badditional 180\b|\bexception period\b/i;
/** A filing that says compliance was regained is the end of a notice, not one. */
const REGAINED = /\b(?:has |had |have )?regain(?:ed|s)\b[^.]{0,40}\bcompliance\b|\bis (?:now |once again )?in compliance\b/i;
const EXTENSION =
  /\bextension\b|\badditional (?:180|one hundred eighty)\b|\bsecond (?:180|compliance period)\b|\bexception period\b/i;
/** Sentences that carry the deadline (NYSE American sets "a reasonable period of time" for the reverse split). */
const DEADLINE_TALK =
  /\bregain compliance\b|\bcompliance period\b|\bextension\b|\bgrace period\b|\bcure period\b|\breasonable period of time\b/i;
const UNTIL = /\b(?:until|through|expir(?:es|ing) on|ending on|no later than|to)\s+$/i;

/** The exchange a text names; NYSE American also under its former names (NYSE MKT, NYSE Amex). */
const exchangeOf = (text: string): DeficiencyNotice['exchange'] | null =>
  /\bNYSE\s+(?:American|MKT|Amex)\b/i.test(text)
    ? 'NYSE American'
    : /\bNYSE\b|New York Stock Exchange/i.test(text)
      ? 'NYSE'
      : /\bNasdaq\b/i.test(text)
        ? 'Nasdaq'
        : null;

/** The rule number the sentence cites, else the one the document cites, else the exchange it names. */
function ruleOf(sentence: string, document: string): Pick<DeficiencyNotice, 'exchange' | 'rule'> | null {
  for (const text of [sentence, document])
    for (const r of RULES) if (r.re.test(text)) return { exchange: r.exchange, rule: r.rule };
  const exchange = exchangeOf(sentence) ?? exchangeOf(document);
  if (!exchange) return null;
  // NYSE American has no bid-price rule: its notices speak of a low selling price.
  return { exchange, rule: exchange === 'NYSE American' ? 'NYSE American low selling price' : `${exchange} minimum bid price` };
}

const aboutPrice = (s: string) => BID_PRICE.test(s) || RULES.some((r) => r.re.test(s));

/**
 * The deciding sentence: one about the price standard that says the exchange told the issuer it fell
 * short; of several, the first that dates something, else the first that cites the rule (a headline
 * restates the news with neither).
 */
function decidingSentence(list: readonly Sentence[], fileDate: string): Sentence | null {
  const all = list.filter((s) => aboutPrice(s.text) && TOLD.test(s.text) && SHORT.test(s.text));
  return (
    all.find((s) => datesIn(s.text, fileDate).length > 0) ??
    all.find((s) => RULES.some((r) => r.re.test(s.text))) ??
    all[0] ??
    null
  );
}

/**
 * The latest date a sentence about the compliance period gives after "until", "through" or "expiring on",
 * if it is still to come at the letter's date: a period that ran out before the letter ("were provided …
 * until April 30, 2024" in a filing about the May 1 letter) is the one the issuer failed, not the one it has.
 */
function statedDeadline(list: readonly Sentence[], fileDate: string, noticeDate: string): string | null {
  let latest: string | null = null;
  for (const s of list) {
    if (!DEADLINE_TALK.test(s.text)) continue;
    for (const d of datesIn(s.text, fileDate))
      if (UNTIL.test(s.text.slice(Math.max(0, d.at - 24), d.at)) && d.date > noticeDate && (!latest || d.date > latest))
        latest = d.date;
  }
  return latest;
}

/**
 * The exchange has already determined to delist and the issuer asked for a hearing: no compliance period
 * runs, so no deadline is made up (a first notice only says what may happen: "may appeal", "may request").
 */
const DELIST_DETERMINED =
  /\b(?:has|have|had) requested a hearing\b|\bstayed the delisting\b|\b(?:has|had) determined to delist\b/i;

/** A sentence that cites a listing rule and is not about the price is another standard's (a late 10-K, equity). */
const OTHER_RULE = /\b(?:Rules?|Section)\s+(?:\d{4}\s*\(|80\d\.\d\d|10\d\d\s*\()/i;
const aboutOtherRule = (s: string) => OTHER_RULE.test(s) && !aboutPrice(s);

/**
 * The letter's date: in the deciding sentence, else in the one before it ("received a letter dated …");
 * a date after "dated" or "on" before any other (a dateline names the release's day, not the letter's).
 */
function noticeDateOf(list: readonly Sentence[], s: Sentence, fileDate: string): string {
  for (const x of [s, list[s.index - 1]]) {
    const dates = x ? datesIn(x.text, fileDate).filter((d) => d.date <= fileDate) : [];
    const named = dates.find((d) => /\b(?:dated|on)\s+$/i.test(x!.text.slice(Math.max(0, d.at - 8), d.at)));
    if (named ?? dates[0]) return (named ?? dates[0]).date;
  }
  return fileDate;
}

const sixMonthsOn = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 6);
  return d.toISOString().slice(0, 10);
};

/** The minimum-bid-price notice a filing reports, or null. */
export function readDeficiency(raw: string, opts: { fileDate: string }): DeficiencyNotice | null {
  const list = sentences(normalise(raw).text);
  if (list.some((s) => REGAINED.test(s.text) && aboutPrice(s.text))) return null;
  const s = decidingSentence(list, opts.fileDate);
  if (!s) return null;
  const found = ruleOf(s.text, list.map((x) => x.text).join(' '));
  if (!found) return null;
  const noticeDate = noticeDateOf(list, s, opts.fileDate);
  // More time on another standard (a late 10-K's exception period) is not more time on the price.
  const extension = list.some(
    (x) => EXTENSION.test(x.text) && TOLD.test(x.text) && /\bgranted\b/i.test(x.text) && !aboutOtherRule(x.text),
  );
  const stated = statedDeadline(list, opts.fileDate, noticeDate);
  const deadline =
    stated ??
    (list.some((x) => DELIST_DETERMINED.test(x.text))
      ? null
      : found.exchange === 'Nasdaq'
        ? addDays(noticeDate, 180)
        : sixMonthsOn(noticeDate));
  return { ...found, noticeDate, deadline, sentence: s.text, extension };
}
