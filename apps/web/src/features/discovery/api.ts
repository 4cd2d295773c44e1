import type { AcceptPreview } from '@roundup/shared/accept-preview';
import type { AcceptProposalRequest, DiscoveryList, DiscoveryStatus, Proposal } from '@roundup/shared/discovery';
import type { PipelineEntry, PublishPipelineRequest } from '@roundup/shared/pipeline';
import type { Split } from '@roundup/shared/splits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** TanStack Query hooks for the admin review queue of split proposals found in SEC filings. */
export const discoveryKeys = {
  all: ['admin', 'discoveries'] as const,
  list: (status: DiscoveryStatus | 'all') => ['admin', 'discoveries', status] as const,
};

export function useDiscoveries(status: DiscoveryStatus | 'all') {
  return useQuery({
    queryKey: discoveryKeys.list(status),
    queryFn: ({ signal }) =>
      api.get<DiscoveryList>(`/api/admin/discoveries${status === 'all' ? '' : `?status=${status}`}`, { signal }),
  });
}

export function useAcceptProposal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptProposalRequest) =>
      api.post<{ proposal: Proposal; split: Split }>('/api/admin/discoveries/accept', input),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: discoveryKeys.all });
      void qc.invalidateQueries({ queryKey: ['rs'] });
    },
  });
}

export function useRejectProposal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; reason: string }) =>
      api.post<{ proposal: Proposal }>('/api/admin/discoveries/reject', input),
    onSettled: () => void qc.invalidateQueries({ queryKey: discoveryKeys.all }),
  });
}

/** Publishes an undated proposal to the members' pipeline, at its filing's stage or the one given. */
/** Asked before publishing: how many members will read the pipeline entry in full now. */
export const pipelineAudience = () => api.get<{ recipients: number }>('/api/admin/discoveries/pipeline/audience');

export function usePublishPipeline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishPipelineRequest) => api.post<{ entry: PipelineEntry }>('/api/admin/discoveries/pipeline', input),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['rs'] }),
  });
}

/** What accepting would publish and alert, and why the server would refuse it (nothing is written). */
export function useAcceptPreview(input: AcceptProposalRequest | null) {
  return useQuery({
    queryKey: ['admin', 'discoveries', 'preview', input] as const,
    queryFn: () => api.post<AcceptPreview>('/api/admin/discoveries/preview', input),
    enabled: input !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
