import { createInterface } from 'node:readline';
import { z } from 'zod';
import { classifyFiling } from '../modules/discovery/rules';

/**
 * `npm run --silent edgar:classify`: JSON lines `{"id": "...", "text": "..."}` on stdin (a filing
 * or an excerpt, HTML or plain text), one JSON line out per input:
 * `{"id", "rounding", "ratio", "marketDate", "ticker", "evidence"}`; fields not found are null.
 * A line that is not such an object gets `{"id": <id or null>, "error": "..."}` and the rest go on.
 * No database, no network.
 */
const input = z.object({ id: z.union([z.string(), z.number()]).transform(String), text: z.string() });

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    process.stdout.write(`${JSON.stringify({ id: null, error: 'not JSON' })}\n`);
    continue;
  }
  const parsed = input.safeParse(raw);
  if (!parsed.success) {
    const id = (raw as { id?: unknown } | null)?.id;
    process.stdout.write(
      `${JSON.stringify({ id: typeof id === 'string' || typeof id === 'number' ? String(id) : null, error: 'expected {"id": string, "text": string}' })}\n`,
    );
    continue;
  }
  const c = classifyFiling(parsed.data.text);
  process.stdout.write(
    `${JSON.stringify({
      id: parsed.data.id,
      rounding: c.rounding,
      ratio: c.ratio,
      marketDate: c.marketDate,
      ticker: c.ticker,
      evidence: c.evidence?.sentence ?? null,
    })}\n`,
  );
}
