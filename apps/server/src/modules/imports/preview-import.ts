import type { ImportPreview, ImportRequest } from '@roundup/shared';
import { buildPreview } from './build-preview';
import { mapAccounts } from './map-accounts';
import { joinPreviews } from './plan-rules';
import type { ImportDeps } from './prepare-import';

/** POST /api/imports/preview: what applying the statement would do, in each account it goes into; writes nothing. */
export async function previewImport(deps: ImportDeps, input: ImportRequest & { userId: string }): Promise<ImportPreview> {
  const grouped = await mapAccounts(deps, input.userId, input, false);
  const parts = [];
  for (const g of grouped.groups) parts.push((await buildPreview(deps, input.userId, g.accountId, g.prepared)).preview);
  return joinPreviews(grouped, parts);
}
