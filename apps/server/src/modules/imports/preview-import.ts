import type { ImportPreview, ImportRequest } from '@roundup/shared';
import { buildPreview } from './build-preview';
import { prepareImport, type ImportDeps } from './prepare-import';

/** POST /api/imports/preview (issue 26 §5): what applying the statement would do; writes nothing. */
export async function previewImport(deps: ImportDeps, input: ImportRequest & { userId: string }): Promise<ImportPreview> {
  const prepared = await prepareImport(deps, input.userId, input);
  return (await buildPreview(deps, input.userId, input.accountId, prepared)).preview;
}
