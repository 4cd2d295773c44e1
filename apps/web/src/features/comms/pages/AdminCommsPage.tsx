import { formatInMarketTz } from '@roundup/shared/dates';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { errorMessages } from '../../../lib/api-client';
import { useComms } from '../api';
import { DeliveryLog } from '../components/DeliveryLog';
import { RemindersButton } from '../components/RemindersButton';
import { SendSmsForm } from '../components/SendSmsForm';

/** /admin/comms (SPEC §2): communications list, Send SMS form, daily reminders button, delivery log. */
export function AdminCommsPage() {
  const { data, error, isPending } = useComms();
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <h1 className="h3 fw-bold mb-0">Comms</h1>
        <RemindersButton />
      </div>
      <div className="row g-4">
        <div className="col-12 col-xl-5">
          <SettingsPanel title="Send SMS" description="A text message to members who validated their phone.">
            <SendSmsForm />
          </SettingsPanel>
        </div>
        <div className="col-12 col-xl-7">
          <SettingsPanel title="Communications">
            <ErrorAlert messages={error ? errorMessages(error) : null} firstOnly />
            {isPending ? <p className="text-body-secondary mb-0">Loading…</p> : null}
            {data && data.length === 0 ? <p className="text-body-secondary mb-0">No communications yet.</p> : null}
            {data && data.length > 0 ? (
              <ul className="list-unstyled mb-0 d-grid gap-3">
                {data.map((c) => (
                  <li key={c._id} className="border-bottom pb-3">
                    <div className="d-flex flex-wrap gap-2 align-items-baseline small text-body-secondary mb-1">
                      <span className="badge text-bg-light text-uppercase">{c.type}</span>
                      <span className="fw-semibold text-body">{c.sender}</span>
                      <time dateTime={c.createdDate}>{formatInMarketTz(c.createdDate, 'MMMM dd, yyyy h:mm a')} ET</time>
                    </div>
                    <p className="mb-1 text-break">{c.message}</p>
                    <span className="small text-body-secondary">
                      {c.audience ?? 'All'} · {c.messageCount} message{c.messageCount === 1 ? '' : 's'}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </SettingsPanel>
        </div>
      </div>
      <SettingsPanel title="Delivery log" description="Every alert, reminder and SMS: queued, sent or failed. Failed messages can be sent again.">
        <DeliveryLog />
      </SettingsPanel>
    </>
  );
}
