import { ANNOUNCEMENT_LABELS, type AnnouncementKind, type Communication } from '@roundup/shared/comms';
import { formatInMarketTz } from '@roundup/shared/dates';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { errorMessages } from '../../../lib/api-client';
import { countOf } from '../../../lib/format';
import { useComms } from '../api';
import { DeliveryLog } from '../components/DeliveryLog';
import { RemindersButton } from '../components/RemindersButton';
import { SendAnnouncementForm } from '../components/SendAnnouncementForm';
import { SendSmsForm } from '../components/SendSmsForm';
import '../comms.css';

const isAnnouncement = (type: string): type is AnnouncementKind => type in ANNOUNCEMENT_LABELS;

/** One communication: an SMS (audience, messages) or an announcement (subject, members, messages); long texts fold. */
function CommItem({ c }: { c: Communication }) {
  const [open, setOpen] = useState(false);
  const announcement = isAnnouncement(c.type);
  const long = c.message.length > 280 || c.message.split('\n').length > 4;
  return (
    <li className="border-bottom pb-3">
      <div className="d-flex flex-wrap gap-2 align-items-baseline small text-body-secondary mb-1">
        <span className="badge text-bg-light text-uppercase">
          {announcement ? ANNOUNCEMENT_LABELS[c.type as AnnouncementKind] : c.type}
        </span>
        <span className="fw-semibold text-body">{c.sender}</span>
        <time dateTime={c.createdDate}>{formatInMarketTz(c.createdDate, 'MMMM dd, yyyy h:mm a')} ET</time>
      </div>
      {c.subject ? <p className="fw-semibold mb-1 text-break">{c.subject}</p> : null}
      <p className={`mb-1 ru-comm-message${long && !open ? ' is-clamped' : ''}`}>{c.message}</p>
      {long ? (
        <button type="button" className="btn btn-link btn-sm p-0 mb-1" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Show less' : 'Show all'}
        </button>
      ) : null}
      <span className="small text-body-secondary d-block">
        {announcement
          ? `${countOf(c.recipients ?? 0, 'member')} · ${countOf(c.messageCount, 'message')}`
          : `${c.audience ?? 'All'} · ${countOf(c.messageCount, 'message')}`}
      </span>
    </li>
  );
}

/** /admin/comms (product.md#screens): communications list, Send SMS form, announcements, daily reminders button, delivery log. */
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
          <SettingsPanel
            title="Send announcement"
            description="A general announcement or the newsletter, to the members who turned it on in their notification settings."
          >
            <SendAnnouncementForm />
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
                  <CommItem key={c._id} c={c} />
                ))}
              </ul>
            ) : null}
          </SettingsPanel>
        </div>
      </div>
      <SettingsPanel
        title="Delivery log"
        description="Every alert, reminder, announcement and SMS: queued, sent, failed, or skipped when the member turned it off before it went out. Failed messages can be sent again."
      >
        <DeliveryLog />
      </SettingsPanel>
    </>
  );
}
