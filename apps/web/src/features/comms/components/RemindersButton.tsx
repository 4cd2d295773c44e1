import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useQueryClient } from '@tanstack/react-query';
import type { RemindersPreview } from '@roundup/shared/comms';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { firstErrorMessage } from '../../../lib/api-client';
import { followDeliveries, previewReminders, sendReminders } from '../api';

export const REMINDERS_SENT = 'Reminders sent for todays tickers';

/**
 * The admin daily-reminders button (product.md#screens, product.md#messages): success or error shown 5 s.
 * It asks once, with the members the buy reminders reach and today's close; after the close it
 * refuses without asking (the server refuses too, decision 038).
 */
export function RemindersButton() {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<RemindersPreview | null>(null);
  const result = useTimedMessage<{ ok: boolean; msg: string }>(5000);
  const qc = useQueryClient();

  async function onClick() {
    setBusy(true);
    result.clear();
    try {
      const preview = await previewReminders();
      if (preview.closed) result.show({ ok: false, msg: preview.msg });
      else setAsking(preview);
    } catch (err) {
      result.show({ ok: false, msg: firstErrorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button type="button" className="btn btn-outline-primary" onClick={onClick} disabled={busy || asking !== null}>
        {busy ? 'Checking…' : 'Send daily reminders'}
      </button>
      {result.value ? (
        <Alert variant={result.value.ok ? 'success' : 'danger'} className="mt-2 mb-0 py-2" role="status">
          {result.value.msg}
        </Alert>
      ) : null}
      <ConfirmDialog
        show={asking !== null}
        title="Send daily reminders?"
        onConfirm={sendReminders}
        onDone={() => {
          setAsking(null);
          result.show({ ok: true, msg: REMINDERS_SENT });
          followDeliveries(qc);
        }}
        onHide={() => setAsking(null)}
        confirmLabel="Send reminders"
        busyLabel="Sending…"
      >
        <p className="mb-0">{asking?.msg}</p>
      </ConfirmDialog>
    </div>
  );
}
