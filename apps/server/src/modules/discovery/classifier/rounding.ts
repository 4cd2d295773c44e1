import type { Rounding } from '@roundup/shared';
import { namesSplit, OTHER_ACTION } from './split';

/**
 * How one sentence treats fractional shares (docs/discovery.md). Only sentences about fractional
 * shares are evidence; each gets at most one label, tested from the most decisive down.
 */
const FRACTIONAL = /\bfraction(?:al|s)?\b/i;
/** The holders' share count rounded to a whole share, without the word "fraction" ("the number of shares … rounded down to the nearest whole share"). */
const WHOLE_ROUNDING = /\bround(?:ed|ing)?\s+(?:up|down)\b[^.;]{0,60}\bwhole\s+(?:[\w-]+\s+){0,2}?(?:shares?|number)\b/i;
/** Sentences about securities other than the shares members hold (warrants, options, notes, prices). */
const OTHER_SECURITY =
  /\b(?:warrants?|stock options?|options? to (?:purchase|acquire)|optionholders?|convertible notes?|debentures?|preferred stock|restricted stock units?|rsus?)\b/i;
const HOLDERS =
  /\b(?:stockholders?|shareholders?|holders? of (?:our |the )?(?:common|ordinary|class [ab])|beneficial (?:owners?|holders?)|registered holders?|record holders?|holders? of record|ads holders?|holders? of ads)\b/i;

const ROUND_UP =
  /\bround(?:ed|ing|s)?(?:\s+\S+){0,3}?\s+up(?:ward)?\b|\bround(?:ed|ing)?[- ]up\b|\brounded upward\b|\b(?:rounded|whole|full)\s+(?:whole\s+)?shares?\s+(?:were\s+|was\s+|will\s+be\s+)?issued\s+(?:for|in lieu of|in respect of)\s+(?:any\s+|the\s+)?fraction/i;
/**
 * A round-up written as an issuance: the company issues (or the holder receives) one whole, full or
 * additional share where a fraction would be, or the fraction "will be increased to" a whole share.
 */
const ISSUE_WHOLE =
  /\b(?:issue[sd]?|deliver(?:s|ed)?|receive[sd]?|entitled to(?: receive)?|grant(?:s|ed)?)\b[^.;]{0,120}?\b(?:one|1|an additional|a)\s+(?:\(1\)\s+)?(?:whole|full|additional)\b(?:\s+[\w-]+){0,4}?\s+(?:shares?|ads)\b|\b(?:increased|rounded) to (?:one|1|a|the next) (?:whole|full)\b/i;
/** SPAC and note redemptions round their own amounts. */
const REDEMPTION = /\bredemptions?\b|\bredeem(?:ed|s|ing)?\b/i;
/** Money rounded to a cent, up or down ("rounded down to the nearest whole cent"), is not a share. */
const UP_TO_CENT = /\bround(?:ed|ing)?\s+(?:up|down)\s+to\s+the\s+nearest\s+(?:whole\s+)?(?:cent|\$0?\.01|penny)\b/gi;
const CASH =
  /\bcash\b.*\b(?:in lieu|instead)\b|\b(?:in lieu|instead)\b.*\bcash\b|\bcash payments?\b|\breceive\s+(?:a\s+)?cash\b|\bpaid\s+(?:in\s+)?cash\b|\bpay(?:ment)?\s+(?:of\s+)?cash\b|\b(?:aggregat\w*|combined?)\b.*\b(?:sell|sold|sale)\b|\bfraction\w*\b.*\b(?:will|shall) (?:be )?(?:sell|sold)\b|\bnet (?:cash )?proceeds\b|\bsell\b.*\bfraction|\bsold\b.*\b(?:proceeds|open market)\b|\b(?:net\s+)?proceeds\b.*\b(?:distributed|paid|remitted)\b|\bcash\s+(?:amount|value|equal)\b|\bsettled\s+in\s+cash\b|\bredeem\w*(?:\s+\w+){0,3}?\s+for cash\b|\bpayments?\s+for\s+(?:any\s+|such\s+|their\s+|the\s+)?fraction/i;
/**
 * A denial of cash is not cash: "No stockholders received cash in lieu", "No cash or fractional
 * shares will be issued", "shall not issue fractional shares or pay cash in respect thereof", "no
 * cash will be payable", "without any payment". These clauses are removed before cash is looked for.
 */
const NEGATED_CASH =
  /\bno (?:stockholders?|shareholders?|holders?) (?:will |shall |did )?(?:receive[ds]?|be paid|be entitled to) (?:any )?cash\b[^.;]*|\bno (?:cash|payment)\b[^.;]{0,60}?(?:\b(?:paid|payable|issued|made|due)\b|$)|\b(?:not|nor|never)\b(?:\s+[\w-]+){0,6}?\s+(?:pay|paid|receive|payable|entitled to(?: receive)?)(?:\s+[\w-]+){0,2}?\s+cash\b(?:\s+in (?:respect|lieu) (?:thereof|of [\w\s]{0,40}?shares?))?|\bwithout (?:any )?(?:cash )?(?:payment|consideration|cash)\b|\bfor no (?:cash|consideration|payment)\b/gi;
const DEPOSITARY_SALE = /\bdepositary\b.*\b(?:sell|sale|sold)\b|\b(?:sell|sale|sold)\b.*\bdepositary\b/i;
const DISCRETION =
  /\bdiscretion\b|\b(?:may|might|could)\s+(?:\w+\s+){0,3}?(?:elect|choose|determine|decide|opt)\b|\bat (?:its|their|the [\w' ]{1,40}?) (?:option|election)\b|\breserves? the right\b/i;
const PARTICIPANT =
  /\bparticipant[- ]level\b|\bat the (?:level of (?:each )?)?(?:dtc )?participant\b|\bper (?:dtc )?participant\b|\b(?:each|a) dtc participant\b|\bdtc participants?\b|\bcede\s*(?:&|and)\s*co\b|\bdepository trust company participant|\baggregat\w*\b[^.;]{0,100}\b(?:for|of|by|per) (?:each )?(?:record holders?|holders? of record|registered holders?)\b|\b(?:record|registered) holder level\b/i;
const ROUND_DOWN =
  /\bround(?:ed|ing)?\s+down(?:ward)?\b|\bfraction(?:al)?\b.*\b(?:will|shall) be (?:cancell?ed|eliminated|disregarded|extinguished)\b|\b(?:cancell?(?:ed|ation)|eliminated|disregarded)\b.*\b(?:without (?:any )?|for no )(?:payment|consideration|cash)\b/i;
const NEAREST =
  /\bround(?:ed|ing)?\s+(?:off\s+)?to\s+the\s+nearest\b|\bround(?:ed|ing)?\s+up\s+or\s+down\b|\b(?:0?\.50?|one[- ]half|50%)\b.*\b(?:or (?:more|greater)|and above|or above|or higher)\b|\bless than (?:0?\.50?|one[- ]half)\b/i;
const THRESHOLD =
  /\b(?:0?\.50?|one[- ]half|50%)\b.*\b(?:or (?:more|greater)|and above|or above|or higher)\b|\bless than (?:0?\.50?|one[- ]half)\b/i;
const UNSPECIFIED =
  /\bno fractional (?:shares?|ads|interests?|ordinary shares?)\b.*\b(?:will|shall) be (?:issued|delivered|outstanding)\b|\bno fractional (?:shares?|ads|interests?|ordinary shares?)\b.*\b(?:were|was) (?:issued|delivered)\b|\bfractional (?:shares?|interests?) (?:will|shall) not be issued\b|\b(?:will|shall) be no fractional (?:shares?|ads|ordinary shares?)\b/i;
const RECORD_ONLY =
  /\bholders? of record\b|\brecord holders?\b|\bregistered (?:holders?|stockholders?|shareholders?)\b|\bbook[- ]entry (?:form )?(?:with|on the books of) the (?:transfer agent|company)\b/i;
const STREET =
  /\bbeneficial\b|\bstreet name\b|\bbrokers?\b|\bbanks?\b|\bnominees?\b|\ball (?:stockholders|shareholders|holders)\b/i;

export interface SentenceLabel {
  label: Rounding;
  /** The round-up is offered to holders of record only. */
  recordOnly: boolean;
}

export const isFractionalSentence = (s: string) => FRACTIONAL.test(s);

/** The label of one sentence, or null when it says nothing about the holders' fractional shares. */
export function labelSentence(s: string): SentenceLabel | null {
  if (!FRACTIONAL.test(s) && !(WHOLE_ROUNDING.test(s) && HOLDERS.test(s))) return null;
  // Exercise or conversion prices of other securities: their rounding is not the holders'.
  if (OTHER_SECURITY.test(s) && !HOLDERS.test(s) && !/\bcommon stock\b|\bordinary shares?\b/i.test(s)) return null;
  // Mergers, spin-offs, conversions and plans have fractional-share clauses of their own.
  if ((OTHER_ACTION.test(s) || REDEMPTION.test(s)) && !namesSplit(s)) return null;
  const text = s.replace(UP_TO_CENT, ' ');
  const up = (ROUND_UP.test(text) || ISSUE_WHOLE.test(text)) && !/\bround(?:ed)?\s+up\s+or\s+down\b/i.test(text);
  const cashText = text.replace(NEGATED_CASH, ' ');
  const cash = CASH.test(cashText) || DEPOSITARY_SALE.test(cashText);
  const recordOnly = up && RECORD_ONLY.test(text) && !STREET.test(text);
  // Board discretion, or a cash alternative to the round-up, in the same sentence.
  if ((DISCRETION.test(text) && (up || cash)) || (up && cash && /\bor\b/i.test(text)))
    return { label: 'DISCRETIONARY', recordOnly };
  if (cash) return { label: 'CASH_IN_LIEU', recordOnly: false };
  if (PARTICIPANT.test(text) && (up || /\bround/i.test(text))) return { label: 'ROUND_UP_PARTICIPANT', recordOnly: false };
  // A threshold ("0.5 or more up, less than 0.5 dropped") names both directions: it is NEAREST, not ROUND_DOWN.
  if (THRESHOLD.test(text)) return { label: 'NEAREST', recordOnly: false };
  if (ROUND_DOWN.test(text)) return { label: 'ROUND_DOWN', recordOnly: false };
  if (NEAREST.test(text) && !/\bround(?:ed|ing)?\s+up\s+to\s+the\s+nearest\b/i.test(text))
    return { label: 'NEAREST', recordOnly: false };
  if (up) return { label: 'ROUND_UP', recordOnly };
  if (UNSPECIFIED.test(text)) return { label: 'UNSPECIFIED', recordOnly: false };
  return null;
}

/** The classifier's precedence: the most decisive label first. */
export const PRECEDENCE: readonly Rounding[] = [
  'DISCRETIONARY',
  'CASH_IN_LIEU',
  'ROUND_UP_PARTICIPANT',
  'ROUND_DOWN',
  'NEAREST',
  'ROUND_UP',
  'UNSPECIFIED',
  'NONE',
];
