import type { Referral } from '@roundup/shared/affiliates';
import Accordion from 'react-bootstrap/Accordion';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useAuth } from '../../../lib/auth';
import { SafeHtml } from '../../../components/SafeHtml';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { firstErrorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useAffiliateFaqs, useCommissions, useReferrals } from '../api';

const cents = (n: number) => formatMoney(n / 100);
const monthLabel = (ym: string) =>
  new Date(`${ym}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function ShareIcon({ name }: { name: 'facebook' | 'x' | 'linkedin' }) {
  const paths = {
    facebook: 'M14 8h3V4h-3c-2.8 0-4.5 1.9-4.5 4.6V11H7v4h2.5v9h4v-9H16l.6-4h-3.1V8.9c0-.6.3-.9.5-.9z',
    x: 'M4 4h4.6l4.1 5.6L17.6 4H20l-6.2 7.1L20.5 20h-4.6l-4.4-6-5.2 6H4l6.5-7.5z',
    linkedin:
      'M5 9h3.5v11H5zM6.7 3.5a2 2 0 110 4 2 2 0 010-4zM10.5 9h3.3v1.6c.5-.9 1.7-1.9 3.5-1.9 3.7 0 4.2 2.3 4.2 5.3v6H18v-5.3c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20h-3.5z',
  } as const;
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  );
}

function ReferralColumn({ title, list }: { title: string; list: Referral[] }) {
  return (
    <div className="col-12 col-md-6">
      <div className="border rounded-3 h-100 p-3">
        <div className="d-flex justify-content-between align-items-center mb-2">
          <h4 className="h6 fw-semibold mb-0">{title}</h4>
          <Badge bg={title === 'Pro' ? 'primary' : 'secondary'} pill>
            {list.length}
          </Badge>
        </div>
        {list.length === 0 ? (
          <p className="text-body-secondary small mb-0">No referrals yet.</p>
        ) : (
          <ul className="list-unstyled mb-0 small">
            {list.map((r) => (
              <li key={r._id} className="py-1 border-bottom text-break">
                {r.username}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Settings → Affiliate (product.md#screens, product.md#limits): referral link, sharing, rewards, referral tracking, FAQ. */
export function AffiliateTab() {
  const { data: user } = useAuth();
  const referrals = useReferrals();
  const commissions = useCommissions();
  const faqs = useAffiliateFaqs();
  const copied = useTimedMessage<{ ok: boolean; text: string }>(5000);

  if (!user) return null;
  const link = `${window.location.origin}/r/${encodeURIComponent(user.username)}`;
  const encoded = encodeURIComponent(link);
  const shareText = encodeURIComponent('I use RoundUp to track reverse-split round-ups. Small gains, big wins:');
  const shares = [
    { name: 'facebook' as const, label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
    { name: 'x' as const, label: 'Share on X', href: `https://x.com/intent/post?url=${encoded}&text=${shareText}` },
    {
      name: 'linkedin' as const,
      label: 'Share on LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`,
    },
  ];

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard is not available in this browser');
      await navigator.clipboard.writeText(link);
      copied.show({ ok: true, text: 'Text copied to clipboard.' });
    } catch (err) {
      copied.show({ ok: false, text: `Error copying to clipboard: ${err instanceof Error ? err.message : String(err)}` });
    }
  }

  const list = referrals.data?.referrals ?? [];
  const starter = list.filter((r) => r.role === 'User');
  const pro = list.filter((r) => r.role === 'Member' || r.role === 'Pro');
  // Until the figures arrive, show a dash rather than a misleading $0.00.
  const totals = commissions.data?.totals;

  return (
    <SettingsPanel title="Affiliate" description="Share RoundUp and earn a commission on referrals.">
      <p>
        Invite friends to RoundUp. You earn a <strong>20% commission</strong> on every referral who registers and enrolls in a
        premium subscription — just <strong>5 Pro referrals cover your own monthly Pro subscription</strong>. Commissions are
        earned and paid on the recurring monthly billing date.
      </p>

      <label htmlFor="ru-ref-link" className="form-label fw-semibold small mb-1">
        Your referral link
      </label>
      <div className="input-group mb-2">
        <input id="ru-ref-link" className="form-control" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        <Button onClick={() => void copy()}>Copy</Button>
      </div>
      {copied.value ? (
        <p className={`small mb-2 ${copied.value.ok ? 'text-success' : 'text-danger'}`} role="status">
          {copied.value.text}
        </p>
      ) : null}
      <div className="d-flex flex-wrap gap-2 mb-4" aria-label="Share your link">
        {shares.map((s) => (
          <a
            key={s.name}
            className="btn btn-outline-secondary btn-sm d-inline-flex align-items-center gap-2"
            href={s.href}
            target="_blank"
            rel="noreferrer"
            aria-label={s.label}
            title={s.label}
          >
            <ShareIcon name={s.name} />
            <span className="d-none d-sm-inline">{s.label.replace('Share on ', '')}</span>
          </a>
        ))}
      </div>

      <h3 className="h6 fw-semibold mb-2">Your Rewards</h3>
      {commissions.isError ? <p className="text-danger small">{firstErrorMessage(commissions.error)}</p> : null}
      <div className="row g-2 mb-3 text-center">
        {[
          ['Earned', totals?.earned],
          ['Pending', totals?.pending],
          ['Paid', totals?.paid],
        ].map(([label, amount]) => (
          <div key={label} className="col-4">
            <div className="border rounded-3 py-2 px-1">
              <div className="text-body-secondary small">{label}</div>
              <div className="fw-semibold fs-5" data-testid={`commission-${String(label).toLowerCase()}`}>
                {amount === undefined ? '—' : cents(Number(amount))}
              </div>
            </div>
          </div>
        ))}
      </div>
      {commissions.data && commissions.data.months.length > 0 ? (
        <Table responsive size="sm" className="align-middle mb-4">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="d-none d-sm-table-cell">
                Commissions
              </th>
              <th scope="col">Earned</th>
              <th scope="col">Pending</th>
              <th scope="col">Paid</th>
            </tr>
          </thead>
          <tbody>
            {commissions.data.months.map((m) => (
              <tr key={m.month}>
                <td className="text-nowrap">{monthLabel(m.month)}</td>
                <td className="d-none d-sm-table-cell">{m.count}</td>
                <td>{cents(m.earned)}</td>
                <td>{cents(m.pending)}</td>
                <td>{cents(m.paid)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="text-body-secondary small mb-4">
          No commissions yet. They appear here when your referrals pay for a membership.
        </p>
      )}

      <h3 className="h6 fw-semibold mb-2">Referral Tracking</h3>
      {referrals.isError ? <p className="text-danger small">{firstErrorMessage(referrals.error)}</p> : null}
      <div className="row g-3 mb-4">
        <ReferralColumn title="Starter" list={starter} />
        <ReferralColumn title="Pro" list={pro} />
      </div>

      {faqs.data && faqs.data.length > 0 ? (
        <>
          <h3 className="h6 fw-semibold mb-2">Affiliate FAQ</h3>
          <Accordion>
            {faqs.data.map((f) => (
              <Accordion.Item eventKey={f._id} key={f._id}>
                <Accordion.Header>{f.question}</Accordion.Header>
                <Accordion.Body>
                  <SafeHtml html={f.answer} />
                </Accordion.Body>
              </Accordion.Item>
            ))}
          </Accordion>
        </>
      ) : null}
    </SettingsPanel>
  );
}
