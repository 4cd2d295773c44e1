import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** How one domain's admin list/edit screens reach its API (brokers, FAQs). */
interface AdminCrud {
  /** As the API names one item and the list: 'broker' / 'brokers' (`{ broker }`, `{ brokers }`, `newBroker`). */
  one: string;
  many: string;
  /** The list a member sees, whose caches a write makes stale too, e.g. ['brokers']. */
  publicKey: string;
  /** The admin list's query string, e.g. '?all=1' (disabled ones too). */
  listQuery?: string;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * TanStack Query hooks for an admin list and its add/edit page: `GET /api/<many>`, `GET /api/<many>/:id`,
 * `POST /api/<many>/add|edit` with `{ new<One>: input }` and `POST /api/<many>/delete` with `{ id }`.
 * Keys are ['admin', many] and ['admin', one, id]; after a write the member-facing caches are stale too.
 */
export function adminCrud<T, In>({ one, many, publicKey, listQuery = '' }: AdminCrud) {
  const base = `/api/${many}`;
  const useInvalidate = (prefixes: string[][]) => {
    const qc = useQueryClient();
    return () => Promise.all(prefixes.map((queryKey) => qc.invalidateQueries({ queryKey })));
  };
  return {
    useList: () =>
      useQuery({
        queryKey: ['admin', many],
        queryFn: async ({ signal }) => (await api.get<Record<string, T[]>>(`${base}${listQuery}`, { signal }))[many]!,
      }),
    useOne: (id: string | undefined) =>
      useQuery({
        queryKey: ['admin', one, id ?? ''],
        enabled: Boolean(id),
        queryFn: async ({ signal }) =>
          (await api.get<Record<string, T>>(`${base}/${encodeURIComponent(id ?? '')}`, { signal }))[one]!,
      }),
    useSave: () => {
      const invalidate = useInvalidate([['admin', many], ['admin', one], [publicKey]]);
      return useMutation({
        mutationFn: async (input: In & { _id?: string }) => {
          const path = input._id ? `${base}/edit` : `${base}/add`;
          return (await api.post<Record<string, T>>(path, { [`new${capital(one)}`]: input }))[one]!;
        },
        onSuccess: () => void invalidate(),
      });
    },
    useDelete: () => {
      const invalidate = useInvalidate([['admin', many], [publicKey]]);
      return useMutation({
        mutationFn: (id: string) => api.post(`${base}/delete`, { id }),
        onSuccess: () => void invalidate(),
      });
    },
  };
}
