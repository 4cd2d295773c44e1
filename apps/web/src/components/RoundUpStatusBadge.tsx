import { avoidsRoundUps, ROUND_UP_STATUS_LABELS, type RoundUpStatus } from '@roundup/shared/broker-rules';

/**
 * Marks a broker that blocks round-up buys or does not honour them, wherever its
 * accounts are chosen. Nothing for a broker that honours them or whose status is unknown.
 */
export function RoundUpStatusBadge({ status }: { status: RoundUpStatus | null | undefined }) {
  if (!status || !avoidsRoundUps(status)) return null;
  return (
    <span className="badge text-bg-warning fw-normal ms-1" data-testid="round-up-warning">
      {ROUND_UP_STATUS_LABELS[status]}
    </span>
  );
}
