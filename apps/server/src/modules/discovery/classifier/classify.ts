import type { Rounding } from '@roundup/shared';
import { buyByDate, datesIn, findDates } from './dates';
import { normalise } from './normalise';
import { findRatio } from './ratio';
import { labelSentence, PRECEDENCE } from './rounding';
import { sentences, type Sentence } from './sentences';
import { ACTION, mentionOnly, namesSplit, OTHER_ACTION } from './split';
import { findTicker } from './ticker';

export interface Evidence {
  sentence: string;
  before: string | null;
  after: string | null;
  label: Rounding;
  /** A sentence about the split that contradicts this one: the call is then UNSPECIFIED, for the reviewer. */
  conflict?: string;
}

interface Labelled {
  s: Sentence;
  l: NonNullable<ReturnType<typeof labelSentence>>;
  past: boolean;
}

const STREET_NAME = /\bstreet name\b|\bbeneficial (?:holders?|owners?)\b|\bparticipant\b|\bbrokers?\b|\bnominees?\b/i;
const ROUNDS_UP: ReadonlySet<Rounding> = new Set(['ROUND_UP', 'ROUND_UP_PARTICIPANT']);
const ROUNDS_AGAINST: ReadonlySet<Rounding> = new Set(['CASH_IN_LIEU', 'ROUND_DOWN', 'NEAREST']);

/**
 * The deciding sentence. Sentences about the split's own fractional shares (naming the split, or
 * right after one that does) outweigh stray clauses elsewhere, so one ROUND_DOWN about something
 * else never overturns a round-up; when split-level sentences truly disagree (a round-up and cash
 * or a round-down), the call is UNSPECIFIED and both sentences go to the reviewer.
 */
function decide(
  list: Sentence[],
  current: Labelled[],
  labelled: Labelled[],
): { decisive: Labelled | undefined; rounding: Rounding; conflict: Labelled | null } {
  // The sentence names the split, or follows one that does within two sentences, with no other
  // instrument named in between ("… exercise of a Pre-funded Warrant. In lieu of fractional shares, we will round down").
  const aboutSplit = (x: Labelled) => {
    for (let i = x.s.index; i >= Math.max(0, x.s.index - 2); i -= 1) {
      if (namesSplit(list[i].text)) return true;
      if (OTHER_ACTION.test(list[i].text)) return false;
    }
    return false;
  };
  const states = (xs: Labelled[]) => xs.some((x) => x.l.label !== 'UNSPECIFIED');
  const pool = current.length ? current : labelled;
  // Stray clauses never overturn the treatment the split's own sentences state, in the present tense or,
  // when none does, in the past ("were rounded up" beats a warrant's "we will round down"); when the
  // split's sentences state none, every clause counts.
  const levelNow = pool.filter(aboutSplit);
  const levelEver = labelled.filter(aboutSplit);
  const level = states(levelNow) ? levelNow : states(levelEver) ? levelEver : [];
  // A clause about another instrument (a warrant's "rounded up … or a cash adjustment") never decides.
  // The clause names the instrument itself, or continues the fractional clause before it that does
  // ("… upon the exercise of the Pre-funded Warrants. Rather, … rounded up … or a cash adjustment").
  const aboutOther = (x: Labelled) => {
    if (OTHER_ACTION.test(x.s.text)) return true;
    const prev = list[x.s.index - 1]?.text ?? '';
    return /fraction/i.test(prev) && OTHER_ACTION.test(prev) && !namesSplit(prev);
  };
  const from = level.length ? level : pool.filter((x) => !aboutOther(x));
  const rank = (r: Rounding) => PRECEDENCE.indexOf(r);
  const sorted = [...from].sort((a, b) => rank(a.l.label) - rank(b.l.label) || a.s.index - b.s.index);
  const up = sorted.find((x) => ROUNDS_UP.has(x.l.label));
  const against = sorted.find((x) => ROUNDS_AGAINST.has(x.l.label));
  // Cash for shares held in street name is the more specific treatment for how members hold: it decides.
  if (level.length && up && against && !STREET_NAME.test(against.s.text))
    return { decisive: up, rounding: 'UNSPECIFIED', conflict: against };
  return { decisive: sorted[0], rounding: sorted[0]?.l.label ?? 'UNSPECIFIED', conflict: null };
}

export interface Classification {
  rounding: Rounding;
  evidence: Evidence | null;
  /** 0..1: how sure the call is (docs/discovery.md, "Confidence"). */
  confidence: number;
  ratio: number | null;
  ratioRange: { min: number; max: number } | null;
  marketDate: string | null;
  effectiveDate: string | null;
  buyBy: string | null;
  ticker: string | null;
  historical: boolean;
  holdersOfRecordOnly: boolean;
  isReverseSplit: boolean;
  listingDeficiencyOnly: boolean;
  stage: 'proposed' | 'approved' | 'announced' | 'effective' | 'postponed' | 'cancelled' | null;
}

export interface ClassifyOptions {
  form?: string;
  displayNames?: readonly string[];
  fileDate?: string;
}

const DEFICIENCY = /\bminimum bid price\b|\blisting qualifications\b|\bdeficiency\b|\bregain compliance\b|\bcontinued listing\b/i;
// A condition the exchange sets ("must effect a reverse stock split … sufficient to") is not the issuer acting either.
const HYPOTHETICAL =
  /\bmay\b|\bmight\b|\bcould\b|\bconsider(?:ing|ation)?\b|\bif\b|\bpotential(?:ly)?\b|\bmust\b|\brequired to\b|\boptions?\b|\bintend(?:s)? to seek\b/i;
const PAST =
  /\b(?:was|were|had been) (?:effected|effective|completed|consummated|implemented|rounded|paid|issued|cancell?ed)\b|\bbecame effective\b|\b(?:we|the company|it) (?:effected|completed|implemented)\b|\bpreviously (?:effected|completed|announced)\b|\bbegan trading\b|\bon a split-adjusted basis since\b|\b(?:has|have|had) (?:been )?(?:completed|effected|effectuated|implemented)\b|\bcompleted (?:a|an|the|its)\b|\btook effect\b|\brecent(?:ly completed)? (?:[\w-]+ ){0,3}?(?:reverse|share consolidation)\b|\bsplit\b[^.]{0,20}\b(?:reduced|brought)\b/i;
/** Narrated as done: "effected", "effectuated", "retroactively adjusted for the reverse stock split". */
const DONE =
  /\b(?:effected|effectuated)\b(?! by)|\bretroactively (?:adjusted|restated|applied)\b|\bhave been adjusted to (?:reflect|give effect)\b/i;
/**
 * Done, whatever else the sentence says will follow ("its recent one-for-thirty reverse stock split
 * … which in turn will give it access to capital"); a market date ahead still keeps it live.
 */
const DONE_NOW =
  /\brecent(?:ly completed)? (?:[\w-]+ ){0,3}?(?:reverse|share consolidation)\b|\b(?:has|have|had) (?:been )?(?:completed|effected|effectuated|implemented)\b|\btook effect\b/i;
/** Announced and not yet done: present-tense action on the split. */
const CURRENT = /\b(?:announces?|approves?|is effecting|are effecting|today)\b/i;
const FUTURE =
  /\bwill\b|\bexpected to\b|\bis expected\b|\bexpects?\b|\banticipat(?:es?|ed to|ing)\b|\bshall\b|\bintends? to\b|\bproposed?\b|\bplans? to\b/i;
const CANCELLED =
  /\b(?:abandon(?:ed|s)?|cancel(?:l?ed|s)?|terminat(?:ed|es)|withdr(?:ew|awn)|will not (?:effect|proceed with|implement))\b[^.]{0,120}\breverse (?:stock |share )?split\b|\breverse (?:stock |share )?split\b[^.]{0,120}\b(?:has been|was|will be) (?:abandoned|cancell?ed|terminated|withdrawn)\b/i;
const POSTPONED =
  /\b(?:postpone[ds]?|delay(?:ed|s)?|defer(?:red|s)?)\b[^.]{0,120}\breverse (?:stock |share )?split\b|\breverse (?:stock |share )?split\b[^.]{0,120}\b(?:has been|was|will be) (?:postponed|delayed|deferred)\b/i;
const PROXY_FORMS = /^(?:PRE|DEF|DEFA|DEFM|PREM)\s?14[AC]/i;
const VOTE_RESULTS =
  /\bsubmission of matters to a vote\b|\bvoted (?:for|in favor)\b|\bstockholders approved\b|\bshareholders approved\b|\bapproved by (?:the )?(?:stockholders|shareholders)\b/i;

/**
 * A power kept, not used: a proxy's "Reservation of right to abandon the reverse stock split", "the
 * Board may abandon" or "may delay", or a condition ("If … not filed by December 31, the Board will be
 * deemed to have abandoned …"). Only a statement that the board has done it changes the stage.
 */
const RESERVED =
  /^\s*if\b|\bunless\b|\bdeemed to have\b|\breserves? the right\b|\bright to (?:abandon|postpone|delay|defer)\b|\b(?:may|might|could)\s+(?:\w+\s+){0,3}?(?:abandon|postpone|delay|defer|terminate)\b|\bat any time (?:before|prior)\b/i;

/** The event's stage: cancelled or postponed when a sentence says so, else by tense, form and vote. */
function stageOf(list: Sentence[], form: string, historical: boolean, marketDate: string | null): Classification['stage'] {
  const says = (re: RegExp) => list.some((s) => re.test(s.text) && !RESERVED.test(s.text));
  if (says(CANCELLED)) return 'cancelled';
  if (says(POSTPONED)) return 'postponed';
  const text = list.map((s) => s.text).join(' ');
  if (historical) return 'effective';
  if (PROXY_FORMS.test(form)) return 'proposed';
  return VOTE_RESULTS.test(text) && !marketDate ? 'approved' : 'announced';
}

/** The split is approved or authorised by a vote or the board (not yet done, unless told as done). */
const APPROVAL =
  /\b(?:stockholders?|shareholders?|board|directors)\b[^.;]{0,80}\b(?:approv|authori[sz])\w*|\bapprov\w*\s+(?:of\s+)?(?:the|a|an)\s+(?:[\w-]+\s+){0,4}?(?:reverse|split|consolidation)\b/i;

/**
 * Is the split history? When its effective or market date is before the filing date; when the
 * filing narrates it as done ("effected", "has completed", "took effect") and says nothing of it in
 * the future or present tense, unless its shares first trade split-adjusted on or after the filing
 * date; and when nothing about it is ahead at all: no sentence in the future or present tense, no
 * approval or proposal, no date on or after the filing date (a results release's "highlights
 * included … a 1-for-20 reverse stock split").
 */
function isHistorical(x: {
  list: Sentence[];
  splitSentences: Sentence[];
  current: Labelled[];
  labelled: Labelled[];
  marketDate: string | null;
  effectiveDate: string | null;
  opts: ClassifyOptions;
}): boolean {
  const { splitSentences, marketDate, effectiveDate, opts } = x;
  const done = (s: Sentence) => (PAST.test(s.text) || DONE.test(s.text)) && (!FUTURE.test(s.text) || DONE_NOW.test(s.text));
  const ahead = (s: Sentence) => FUTURE.test(s.text) || CURRENT.test(s.text);
  const before = (d: string | null) => d !== null && opts.fileDate !== undefined && d < opts.fileDate;
  const pastSplit = splitSentences.some(done) && !splitSentences.some((s) => !done(s) && ahead(s));
  // "On June 21, 2021 we filed … which effectuated a 1-for-4.3 reverse stock split": done on a date
  // before the filing, whatever older text in the filing (financial statements) still says "to be effected".
  const doneBefore = splitSentences.some((s) => done(s) && datesIn(s.text, opts.fileDate).some((d) => before(d.date)));
  const onOrAfter = (d: string | null) => d !== null && opts.fileDate !== undefined && d >= opts.fileDate;
  const nothingAhead =
    opts.fileDate !== undefined &&
    splitSentences.length > 0 &&
    !PROXY_FORMS.test(opts.form ?? '') &&
    !onOrAfter(marketDate) &&
    !onOrAfter(effectiveDate) &&
    !splitSentences.some((s) => (ahead(s) || APPROVAL.test(s.text)) && !done(s));
  return (
    ((pastSplit || doneBefore) && (marketDate === null || before(marketDate))) ||
    before(marketDate) ||
    before(effectiveDate) ||
    nothingAhead ||
    (x.current.length === 0 && x.labelled.length > 0 && !x.list.some((s) => FUTURE.test(s.text) && namesSplit(s.text)))
  );
}

/** The filing's facts about a reverse split, decided one sentence at a time. */
export function classifyFiling(input: string, opts: ClassifyOptions = {}): Classification {
  const doc = normalise(input);
  const list = sentences(doc.text);
  // Only the issuer's own split counts: plan, warrant, merger and redemption terms merely mention one.
  const named = list.filter((s) => namesSplit(s.text) && !mentionOnly(s.text));
  // A split is acted on (proposed, approved, effected, called off, its ratio stated); a bare listing of one is a mention.
  // A split told as done ("A subsequent reverse stock split reduced dilution") was acted on too.
  const splitSentences = named.some((s) => ACTION.test(s.text) || PAST.test(s.text)) ? named : [];
  // Each sentence is labelled once; only sentences about fractional shares are worth the rules.
  const sentenceLabels = list.map((s) => (/fraction|round/i.test(s.text) ? labelSentence(s.text) : null));
  const ticker = findTicker(doc.ixTickers, doc.coverRows, opts.displayNames, doc.text);
  const ratioFacts = findRatio(doc.text);
  // A passage that says how fractional shares are treated, and names no other corporate action, is about the split.
  const impliedSplit =
    named.length === 0 && !OTHER_ACTION.test(doc.text) && sentenceLabels.some((l) => l !== null && l.label !== 'UNSPECIFIED');
  const notForward = !(ratioFacts.forwardOnly && !/\breverse\b/i.test(doc.text));
  // A deficiency notice that "may consider" a split names one without acting on it: kept apart, so the skip says why.
  const listingDeficiencyOnly =
    (named.length > 0 || impliedSplit) &&
    notForward &&
    DEFICIENCY.test(doc.text) &&
    named.every((s) => HYPOTHETICAL.test(s.text)) &&
    ratioFacts.ratio === null &&
    !sentenceLabels.some((l) => l !== null);
  const isReverseSplit = listingDeficiencyOnly || ((splitSentences.length > 0 || impliedSplit) && notForward);
  const none: Classification = {
    rounding: 'NONE',
    evidence: null,
    confidence: isReverseSplit ? 0.5 : 0.9,
    ratio: null,
    ratioRange: null,
    marketDate: null,
    effectiveDate: null,
    buyBy: null,
    ticker,
    historical: false,
    holdersOfRecordOnly: false,
    isReverseSplit,
    listingDeficiencyOnly,
    stage: null,
  };
  if (!isReverseSplit || listingDeficiencyOnly) return none;

  // Label each fractional-share sentence; past-tense ones (an earlier split) decide only when nothing current does.
  const labelled = list
    .map((s, i) => ({ s, l: sentenceLabels[i], past: PAST.test(s.text) && !FUTURE.test(s.text) }))
    .filter((x): x is Labelled => x.l !== null);
  const current = labelled.filter((x) => !x.past);
  const pool = current.length ? current : labelled;
  const { decisive, rounding, conflict } = decide(list, current, labelled);

  const { marketDate, effectiveDate } = findDates(list, opts.fileDate);
  const historical = isHistorical({ list, splitSentences, current, labelled, marketDate, effectiveDate, opts });

  const stage = stageOf(list, opts.form ?? '', historical, marketDate);

  const labels = new Set(pool.map((x) => x.l.label));
  let confidence = 0.5;
  if (decisive) confidence += rounding === 'UNSPECIFIED' ? 0.05 : 0.25;
  if (ratioFacts.ratio !== null) confidence += 0.1;
  if (marketDate) confidence += 0.1;
  if (labels.size > 1 && !(labels.size === 2 && labels.has('UNSPECIFIED'))) confidence -= 0.25;
  if (decisive?.l.recordOnly) confidence -= 0.15;

  const at = decisive?.s.index;
  return {
    ...none,
    rounding,
    evidence: decisive
      ? {
          sentence: decisive.s.text,
          before: at !== undefined && at > 0 ? list[at - 1].text : null,
          after: at !== undefined && at + 1 < list.length ? list[at + 1].text : null,
          label: rounding,
          ...(conflict ? { conflict: conflict.s.text } : {}),
        }
      : null,
    confidence: Math.round(Math.min(1, Math.max(0.05, confidence)) * 100) / 100,
    ratio: ratioFacts.ratio,
    ratioRange: ratioFacts.range,
    marketDate,
    effectiveDate,
    buyBy: marketDate ? buyByDate(marketDate) : null,
    historical,
    holdersOfRecordOnly: Boolean(decisive?.l.recordOnly),
    stage,
  };
}
