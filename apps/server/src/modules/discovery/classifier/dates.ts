import { addDays, isTradingDay } from '@roundup/shared';
import type { Sentence } from './sentences';

/**
 * Dates in a filing (docs/discovery.md): the market date, when the shares first trade on a
 * split-adjusted basis, kept apart from the legal effective time; dates of charter filings,
 * approvals, meetings and record dates are not market dates.
 */
const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const DATE =
  /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?\b|\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b|\b(\d{4})-(\d{2})-(\d{2})\b|\b(\d{1,2})(?:st|nd|rd|th)?\s+(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?,?\s+(\d{4})\b/gi;

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const valid = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/** Dates in a sentence with their positions; a date without a year takes the filing's (or the next, if it would be months back). */
export function datesIn(s: string, fileDate?: string): { date: string; at: number }[] {
  const out: { date: string; at: number }[] = [];
  for (const m of s.matchAll(DATE)) {
    let y: number;
    let mo: number;
    let d: number;
    if (m[1]) {
      mo = MONTHS[m[1].toLowerCase()];
      d = Number(m[2]);
      if (m[3]) y = Number(m[3]);
      else {
        if (!fileDate) continue;
        y = Number(fileDate.slice(0, 4));
        if (iso(y, mo, d) < addDays(fileDate, -60)) y += 1;
      }
    } else if (m[4]) {
      [mo, d, y] = [Number(m[4]), Number(m[5]), Number(m[6])];
    } else if (m[7]) {
      [y, mo, d] = [Number(m[7]), Number(m[8]), Number(m[9])];
    } else {
      // Day first, as issuers outside the US write it: "20 February 2025".
      [d, mo, y] = [Number(m[10]), MONTHS[m[11].toLowerCase()], Number(m[12])];
    }
    if (mo && valid(y, mo, d)) out.push({ date: iso(y, mo, d), at: m.index });
  }
  return out;
}

const TRADING =
  /\bsplit[- ]adjusted basis\b|\b(?:begin|commence|start)s?\s+trading\b|\btrad(?:e|ing)\s+on\s+a\s+(?:post[- ])?(?:reverse[- ])?split\b|\bpost[- ](?:reverse[- ])?split basis\b|\b(?:at|upon|as of|before) (?:the )?(?:market open|opening of (?:trading|the market)|open of (?:trading|the market|business)|start of trading)\b|\bnew cusip\b|\bconsolidated basis\b/i;
const AFTER_CLOSE =
  /\b(?:after|following|upon) (?:the )?close of (?:trading|the market|business|market)\b|\bafter market close\b|\bafter the market closes\b/i;
const BEFORE_OPEN =
  /\b(?:12:0[0-9]|[1-6]:[0-5][0-9]|[1-6])\s*a\.?m\.?|\b(?:before|prior to) (?:the )?(?:market open|opening of (?:trading|the market)|open of (?:trading|the market))\b/i;
const EFFECTIVE = /\beffective\b|\b(?:take|takes|took) effect\b|\bbecome effective\b|\beffected\b/i;
const NOT_MARKET =
  /\bfiled\b|\bfiling\b|\bapprov(?:ed|al)\b|\bannual meeting\b|\bspecial meeting\b|\bmeeting of\b|\brecord date\b|\bletter\b|\bnotified\b|\breceived\b|\bdated\b|\bcertificate of amendment\b.*\bfiled\b/i;

/** The next trading day after `date`. */
export function nextTradingDay(date: string): string {
  let d = addDays(date, 1);
  while (!isTradingDay(d)) d = addDays(d, 1);
  return d;
}

/** The last regular NYSE/Nasdaq session before the market date: the day to buy by. */
export function buyByDate(marketDate: string): string {
  let d = addDays(marketDate, -1);
  while (!isTradingDay(d)) d = addDays(d, -1);
  return d;
}

export function findDates(list: Sentence[], fileDate?: string): { marketDate: string | null; effectiveDate: string | null } {
  let marketDate: string | null = null;
  let effectiveDate: string | null = null;
  for (const s of list) {
    const t = s.text;
    if (!/reverse|split|consolidat|trading|effective/i.test(t)) continue;
    const found = datesIn(t, fileDate);
    if (found.length === 0) continue;
    if (!marketDate && TRADING.test(t)) {
      // The date nearest after the trading words, else the last date of the sentence.
      const at = t.search(TRADING);
      const pick = found.find((d) => d.at > at) ?? found.at(-1)!;
      const before = t.slice(Math.max(0, pick.at - 80), pick.at);
      if (!NOT_MARKET.test(before) || TRADING.test(before)) {
        marketDate = AFTER_CLOSE.test(t) && !/\bopen/i.test(t) ? nextTradingDay(pick.date) : pick.date;
      }
    }
    if (!effectiveDate && EFFECTIVE.test(t) && /reverse|split|consolidat/i.test(t)) {
      const at = t.search(EFFECTIVE);
      const pick = found.find((d) => d.at > at) ?? found[0];
      const before = t.slice(Math.max(0, pick.at - 60), pick.at);
      if (/\bfiled\b|\bapprov|\bmeeting\b|\brecord date\b/i.test(before) && !EFFECTIVE.test(before)) continue;
      effectiveDate = pick.date;
      // "effective after the close of trading on X": the shares trade split-adjusted the next session.
      if (AFTER_CLOSE.test(t) && !marketDate) marketDate = nextTradingDay(pick.date);
      // "effective at 12:01 a.m. on X" (before the open): the shares trade split-adjusted from X's session.
      else if (BEFORE_OPEN.test(t) && !marketDate) marketDate = isTradingDay(pick.date) ? pick.date : nextTradingDay(pick.date);
    }
  }
  return { marketDate, effectiveDate };
}
