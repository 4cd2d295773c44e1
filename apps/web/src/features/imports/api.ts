import type { ImportPreview, ImportRequest, ImportResult } from '@roundup/shared/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** POST /api/imports/preview: what the statement would write; nothing is saved. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: async (input: ImportRequest) =>
      (await api.post<{ preview: ImportPreview }>('/api/imports/preview', input)).preview,
  });
}

/** POST /api/imports/apply: saves it in one go; trades, progress and analytics are read again. */
export function useApplyImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: ImportRequest) => (await api.post<{ result: ImportResult }>('/api/imports/apply', input)).result,
    onSuccess: () => void qc.invalidateQueries(),
  });
}
