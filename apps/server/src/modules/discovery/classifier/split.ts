/**
 * Is the text about a reverse split (docs/discovery.md, "Find the split")? Filings name it in many
 * ways: "reverse stock split", a share or ADS "consolidation", an ADS ratio change, a defined term
 * ("the Stock Split", "the Consolidation"), or only its mechanics: shares "combined",
 * "reclassified" or "converted" into one, "pre-split" and "post-split" shares.
 */
export const SPLIT = new RegExp(
  [
    String.raw`\breverse (?:stock |share |ads |equity )?split\b|\breverse[- ]split\b`,
    String.raw`\bshare consolidation\b|\bconsolidation of (?:the |our |its )?(?:company's )?(?:issued and outstanding |outstanding )?(?:ordinary |common )?shares\b`,
    String.raw`\b(?:pre|post)-(?:reverse[- ])?(?:stock[- ]|share[- ])?(?:split|consolidation)\b|\bsplit[- ]adjusted\b|\bconsolidation[- ]adjusted\b`,
    String.raw`\b(?:ads|share) ratio change\b|\bchange (?:in|of) the (?:ads|adr) ratio\b|\bratio change\b`,
    String.raw`\b(?:combined?|reclassified|converted|consolidated)\b[^.;]{0,40}?\binto (?:one|1|a single)\b`,
  ].join('|'),
  'i',
);
/** Defined terms, matched with their capitals: "the Stock Split", "the Consolidation". */
const DEFINED_SPLIT = /\b(?:the|this|such) (?:Stock Split|Share Split|Consolidation|Share Consolidation|Reverse Split)\b/;

/** Fractional-share clauses of other corporate actions: mergers, spin-offs, conversions, plans, offerings. */
export const OTHER_ACTION =
  /\bmerg(?:er|ers|ed)\b|\bamalgamation\b|\bbusiness combination\b|\bspin-?off\b|\bdistribution (?:agent|date|ratio|time)\b|\b(?:in|pursuant to) the distribution\b|\bparent (?:common )?(?:stock|shares?)\b|\bexchange offer\b|\btender offer\b|\brights? (?:offering|plan|agent|agreement)\b|\bsubscription (?:rights?|price|privilege)\b|\bfractional rights?\b|\bright certificates?\b|\bseparation time\b|\bwarrants?\b|\bupon (?:the )?(?:exercise|conversion)\b|\bconversion of (?:this|the|such) (?:note|debenture|preferred)|\bconvertible\b|\bthe plan\b|\bany award\b|\bstock dividend\b|\bdividend reinvestment\b/i;

export const namesSplit = (s: string) => SPLIT.test(s) || DEFINED_SPLIT.test(s);

/**
 * A sentence that names a reverse split without the issuer taking one: a list of corporate events
 * that other terms adjust for (equity plans, warrants and notes, merger exchange ratios, SPAC
 * redemptions), "in the event of any … reverse stock split", or powers listed as anti-takeover
 * devices. A split is an action on the issuer's own stock: proposed, approved, announced or effected.
 */
const EVENT_LIST =
  /\b(?:stock dividends?|(?:stock |share )?splits?|split-ups?|combinations?(?: of shares)?|mergers?|recapitali[sz]ations?|reorgani[sz]ations?|reclassifications?|sub-?divisions?|share capitali[sz]ations?|spin-offs?)\s*,?\s+(?:or\s+|and\s+)?\(?(?:including (?:a |any )?)?reverse (?:stock |share )?splits?\b|\breverse (?:stock |share )?splits?\)?\s*,\s*(?:or\s+)?(?:a\s+)?(?:recapitali|reorgani|reclassifi|combination|stock dividend|merger|consolidation|spin|sub-?division)/i;
const ADJUSTS =
  /\bin the event of\b|\badjust(?:ed|ments?)?\b|\banti-?dilution\b|\bsuch as\b|\btakeover\b|\bchange (?:of|in) control\b|\bexchange ratio\b|\bredemption\b|\btrust account\b|\bequitably\b|\bsimilar (?:event|transaction)s?\b|\bor otherwise\b|\binterested (?:stockholder|shareholder)\b/i;
/**
 * Powers and adjustment terms, not actions: "a forward or reverse split" a statute permits, terms
 * "adjusted to account for any … combination (by share consolidation …)".
 */
const POWER_OR_TERM =
  /\bforward (?:stock |share )?(?:split )?or reverse (?:stock |share )?splits?\b|\badjust(?:ed|ments?)? (?:to account )?for any\b/i;

/** A sentence listing what forward-looking statements cover ("… include … the timing and completion of the reverse split"). */
const FORWARD_LOOKING = /\bforward-looking statements?\b/i;

/**
 * A split denied, not taken: "has no plans to pursue a reverse stock split", "does not need a reverse
 * stock split", "does not view a reverse split as a foreseeable alternative", "A reverse stock split is
 * not a consideration at this time". A board that "will not proceed with" or "no longer intends to
 * effect" a split it announced calls it off: that is an action (a cancellation), not a denial.
 */
const DENIED = new RegExp(
  [
    String.raw`\b(?:not|no|never)\b(?!\s+longer)(?:\s+[\w-]+){0,2}?\s+(?:need|require|pursue|plan|intend|contemplate|view)\w*(?:\s+to\s+(?:pursue|effect|implement|undertake|seek|conduct))?\s+(?:a|any|another)\s+(?:further\s+)?reverse (?:stock |share )?split`,
    String.raw`\breverse (?:stock |share )?split (?:is|was|would be) not (?:a consideration|necessary|needed|required|planned|contemplated)\b`,
    String.raw`\bwithout (?:the need for |requiring |needing )?(?:a|any) reverse (?:stock |share )?split`,
  ].join('|'),
  'i',
);

export const mentionOnly = (s: string) =>
  (EVENT_LIST.test(s) && ADJUSTS.test(s)) ||
  FORWARD_LOOKING.test(s) ||
  DENIED.test(s) ||
  // "Any reclassification of our securities, including any reverse stock split, …": a class of events, not one taken.
  /\b(?:including|such as) any\b[^.;]{0,40}?\breverse (?:stock |share )?split/i.test(s) ||
  POWER_OR_TERM.test(s) ||
  /\bin the event of any\b[^.;]{0,160}?\breverse (?:stock |share )?split/i.test(s);

/**
 * An action on the split: proposed, approved, announced, effected, called off, or its ratio or its
 * fractional-share terms stated. A
 * filing whose split sentences have none (a list of matters needing a qualified majority) only names one.
 */
export const ACTION =
  /\beffect(?:s|ed|ing|uate[ds]?|uating)?\b(?! of\b)|\beffective\b|\bapprov\w*|\bpropos\w*|\bannounc\w*|\bimplement\w*|\bcomplet\w*|\bconsummat\w*|\bratio\b|\b(?:1|one)[- ]for[- ]|\bcombined\b|\breclassified\b|\bconsolidated into\b|\bauthori[sz]\w*|\bvote\b|\bamendment\b|\bfraction\w*|\bround(?:ed|ing)?\b|\bin lieu\b|\bexchang\w*|\bpost-split\b|\btrad(?:e|ed|ing)\b|\b(?:abandon|cancel|postpon|terminat|withdr|delay|defer)\w*/i;
