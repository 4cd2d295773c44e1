import type { Broker } from '@roundup/shared/brokers';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Brokers shown to members: disabled ones are hidden (product.md#screens /brokers). */
export function visibleBrokers(brokers: readonly Broker[]): Broker[] {
  return brokers.filter((b) => !b.disabled);
}

/** The account types a broker offers, in product.md#screens order. */
export function accountTypesOf(b: Pick<Broker, 'accountCash' | 'accountMargin' | 'accountTradIRA' | 'accountRothIRA'>): string[] {
  const types: string[] = [];
  if (b.accountCash) types.push('Cash');
  if (b.accountMargin) types.push('Margin');
  if (b.accountTradIRA) types.push('Traditional IRA');
  if (b.accountRothIRA) types.push('Roth IRA');
  return types;
}

/** `GET /api/brokers` → data.brokers. product.md#messages: brokers calls show no error UI. */
export function useBrokers() {
  return useQuery({
    queryKey: ['brokers', 'list'],
    queryFn: async ({ signal }) => {
      const data = await api.get<{ brokers?: Broker[] } | null>('/api/brokers', { signal });
      return visibleBrokers(data?.brokers ?? []);
    },
  });
}
