import { gunzipSync } from 'node:zlib';
import type { Db } from '../../db/client';
import { discoveryRepo } from './repo';
import { classifyFiling } from './rules';

/**
 * Every rejected proposal with its filing's stored text (no request), what the classifier
 * called then and what it calls now, and the admin's reason: the regression cases
 * (`npm run edgar:rejections`).
 */
export async function regressionCases(deps: { db: Db }) {
  const repo = discoveryRepo(deps.db);
  const out = [];
  for (const p of await repo.rejected()) {
    const docs = await repo.documents(p.accession);
    const text = docs
      .filter((d) => d.type !== 'index')
      .map((d) => gunzipSync(d.bodyGz).toString('utf8'))
      .join('\n\n');
    const now = classifyFiling(text, { form: p.form, fileDate: p.fileDate });
    out.push({ id: p.accession, text, calledThen: p.rounding, callsNow: now.rounding, reason: p.rejectReason });
  }
  return out;
}
