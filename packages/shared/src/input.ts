import { z } from 'zod';

/**
 * Input edges: ids are read in canonical form, and money and quantities only in plain
 * decimal notation, here at the schema boundary, so every route and the web read them alike.
 */

/**
 * A uuid, lowered: an id compares equal however a client wrote it (`/api/trades/bulk` compares the
 * account ids it is sent with the caller's own in JavaScript, where `A…` ≠ `a…`).
 */
export const uuidId = (error?: string) => z.uuid(error ? { error } : undefined).toLowerCase();

/**
 * Plain decimal notation: digits with at most one point, and an optional leading minus. Not what
 * `Number()` also reads: hex (`0x10` = 16), binary (`0b11` = 3), octal, exponents (`1e2`), `+5`,
 * `Infinity` or whitespace inside.
 */
export const PLAIN_DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A JSON number (finite) or plain decimal text (trimmed) as a number; NaN for anything else. */
export function readDecimal(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  return PLAIN_DECIMAL.test(text) ? Number(text) : Number.NaN;
}

/**
 * A money amount or a quantity sent as a number or as plain decimal text; `message` for anything
 * else (other notations, booleans, lists, null). Pipe it into `z.number()` for its range.
 */
export const decimalInput = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = readDecimal(v);
    if (Number.isNaN(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/**
 * A UTF-16 surrogate with no partner: not a character, so it cannot be stored or sent as UTF-8
 * (PostgreSQL and every encoder write U+FFFD instead, losing what was typed). With the `u` flag a
 * proper pair reads as one code point, so only a lone half matches.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether `text` is well-formed Unicode (no lone surrogate): what every text field must be. */
export const isWellFormedText = (text: string): boolean => !LONE_SURROGATE.test(text);
