import Alert from 'react-bootstrap/Alert';
import { errorMessages } from '../../../lib/api-client';
import { MARKET_TZ } from '../../../lib/format';
import { useNow } from '../../../components/useNow';
import { useUndoSplitAlerts } from '../api';

/** The release time as New York's clock reads it ("10:42:13"), the market's time like every deadline. */
const clock = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: MARKET_TZ,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/**
 * After a split is saved by hand its alerts wait out the grace period on the server: this says when
 * they go out and offers Undo until then; after the release it says they went out.
 */
export function AlertsHeld({ splitId, alertsAt }: { splitId: string; alertsAt: string }) {
  const undo = useUndoSplitAlerts();
  const now = useNow(1000);
  const at = clock(alertsAt);
  if (undo.isSuccess)
    return (
      <Alert variant="secondary" data-testid="alerts-held">
        Alerts stopped: nothing was sent to members.
      </Alert>
    );
  if (undo.isError)
    return (
      <Alert variant="warning" data-testid="alerts-held">
        {errorMessages(undo.error)[0]}
      </Alert>
    );
  if (now.getTime() >= Date.parse(alertsAt))
    return (
      <Alert variant="secondary" data-testid="alerts-held">
        Alerts went out at {at}
      </Alert>
    );
  return (
    <Alert variant="info" className="d-flex flex-wrap align-items-center gap-1" data-testid="alerts-held">
      <span>Alerts go out at {at}</span>
      <span aria-hidden="true">·</span>
      <button
        type="button"
        className="btn btn-link p-0 align-baseline"
        disabled={undo.isPending}
        onClick={() => undo.mutate(splitId)}
      >
        Undo
      </button>
    </Alert>
  );
}
