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
