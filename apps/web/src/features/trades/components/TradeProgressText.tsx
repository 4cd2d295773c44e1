import { useTradeProgress } from '../api';

/** "14/20 bought · 3/20 received · 0/20 sold" on a split the member traded. */
export function TradeProgressText({ splitId }: { splitId: string }) {
  const { data } = useTradeProgress();
  const p = data?.progress.find((x) => x.splitId === splitId);
  if (!data || !p || data.accounts === 0) return null;
  const n = data.accounts;
  return (
    <span className="ru-progress small text-body-secondary text-nowrap" data-testid={`progress-${splitId}`}>
      {p.bought}/{n} bought · {p.received}/{n} received · {p.sold}/{n} sold
    </span>
  );
}
