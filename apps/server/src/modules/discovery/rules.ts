/**
 * The discovery module's pure rules, for other modules and the CLI (docs/discovery.md): the
 * filing classifier and the buy-by rule. No database, no network.
 */
export { classifyFiling, type Classification, type ClassifyOptions, type Evidence } from './classifier/classify';
export { buyByDate } from './classifier/dates';
export type { Rounding } from '@roundup/shared';
