import { useState } from 'react';
import { firstErrorMessage } from '../../../lib/api-client';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { useFeedUrl, useResetFeed } from '../api';

/** The Pro member's personal iCal feed: secret URL, Copy, Reset (revokes the old URL). */
export function FeedCard() {
  const feed = useFeedUrl(true);
  const reset = useResetFeed();
  const [open, setOpen] = useState(false);
  const msg = useTimedMessage();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed.data ?? '');
      msg.show('Text copied to clipboard.');
    } catch (err) {
      msg.show(`Error copying to clipboard: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  return (
    <section className="card shadow-sm mt-4" aria-labelledby="feed-heading">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
          <div>
            <h2 id="feed-heading" className="h6 mb-1">
              Calendar feed
            </h2>
            <p className="small text-body-secondary mb-0">
              Subscribe in Google Calendar, Apple Calendar or Outlook: one event per upcoming split on its buy date, up to the
              close, with an alarm an hour before it.
            </p>
          </div>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
          >
            {open ? 'Hide feed URL' : 'Show feed URL'}
          </button>
        </div>
        {open ? (
          <div className="mt-3">
            {feed.isError ? <div className="text-danger small">{firstErrorMessage(feed.error)}</div> : null}
            <div className="input-group input-group-sm">
              <label htmlFor="ical-url" className="visually-hidden">
                Your secret calendar feed URL
              </label>
              <input
                id="ical-url"
                className="form-control font-monospace"
                readOnly
                value={feed.data ?? 'Loading…'}
                onFocus={(e) => e.target.select()}
              />
              <button type="button" className="btn btn-primary" onClick={() => void copy()} disabled={!feed.data}>
                Copy
              </button>
            </div>
            <div className="d-flex flex-wrap gap-3 align-items-center mt-2 small">
              <span className="text-body-secondary">Keep it private: anyone with this URL sees your feed.</span>
              <button
                type="button"
                className="btn btn-link btn-sm p-0"
                disabled={reset.isPending}
                onClick={() => {
                  if (window.confirm('Reset the feed URL? Calendars using the old URL stop updating.')) reset.mutate();
                }}
              >
                Reset
              </button>
              {reset.isError ? <span className="text-danger">{firstErrorMessage(reset.error)}</span> : null}
              {msg.value ? <span role="status">{msg.value}</span> : null}
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
