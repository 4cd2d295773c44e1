import type { Notifications } from '@roundup/shared';
import { can } from '@roundup/shared/permissions';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SavedBadge, SettingsPanel } from '../../../components/SettingsPanel';
import { useSaveSelf } from './useSaveSelf';

type Key = keyof Notifications;

const GROUPS: { title: string; proOnly?: boolean; items: { key: Key; label: string; help?: string; under?: Key }[] }[] = [
  {
    title: 'Reverse split alerts',
    proOnly: true,
    items: [
      { key: 'rsa', label: 'New reverse splits', help: 'When a split is announced.' },
      { key: 'upcomingRsa', label: 'Upcoming splits', help: 'When a split turns Upcoming.' },
      { key: 'buyReminderRsa', label: 'Buy reminders', help: 'On the purchase date, on every channel you enabled.' },
      // Which ones: each only while buy reminders are on.
      { key: 'buyReminderOpen', label: 'At the open', help: '9:30 am ET.', under: 'buyReminderRsa' },
      {
        key: 'buyReminderClose',
        label: 'An hour before the close',
        help: '3:00 pm ET; noon on half days.',
        under: 'buyReminderRsa',
      },
      { key: 'sellRsa', label: 'Sell reminders', help: 'When your round-up shares should be back.' },
      {
        key: 'verdicts',
        label: 'What members report at your broker',
        help: 'When three members report the same outcome at a broker where yours is still pending.',
      },
      // Opt-in, by email, only when the list has something in it.
      {
        key: 'reconcileDigest',
        label: 'Weekly reconciliation digest',
        help: 'Mondays by email: accounts with no outcome yet, shares to sell, cash in lieu to ask about.',
      },
    ],
  },
  {
    title: 'From RoundUp',
    items: [
      { key: 'generalRsa', label: 'General announcements' },
      { key: 'newsletter', label: 'Newsletter' },
    ],
  },
  {
    title: 'Channels',
    items: [
      { key: 'rsaEmail', label: 'Email' },
      { key: 'rsaSMS', label: 'SMS', help: 'Needs a validated phone.' },
      { key: 'rsaWhatsapp', label: 'WhatsApp', help: 'Needs a validated phone.' },
    ],
  },
];

/** Profile → Notifications (product.md#stored, product.md#states): the toggles, each saved right after it changes (never on load). */
export function NotificationsSection() {
  const { data: user } = useAuth();
  const [prefs, setPrefs] = useState<Notifications | null>(user?.notifications ?? null);
  const [saving, setSaving] = useState<Key | null>(null);
  const { save, saved, errors } = useSaveSelf();
  if (!user || !prefs) return null;
  const pro = can(user.role, 'alerts:pro');

  async function toggle(key: Key, value: boolean) {
    const previous = prefs!;
    setPrefs({ ...previous, [key]: value });
    setSaving(key);
    const member = await save({ notifications: { [key]: value } });
    setPrefs(member ? member.notifications : previous);
    setSaving(null);
  }

  return (
    <SettingsPanel
      title="Notifications"
      description="Changes are saved as you make them."
      actions={<SavedBadge text={saved.value} />}
    >
      <ErrorAlert messages={errors.value} />
      <div className="row g-4">
        {GROUPS.map((g) => (
          <fieldset key={g.title} className="col-12 col-md-4">
            <legend className="h6 fw-semibold mb-2">{g.title}</legend>
            {g.proOnly && !pro ? (
              <p className="small text-body-secondary mb-2">
                Alerts are a Pro feature. <Link to="/upgrade/pro">Upgrade to Pro</Link>
              </p>
            ) : null}
            {g.items.map((item) => (
              <Form.Check
                key={item.key}
                type="switch"
                id={`notify-${item.key}`}
                className={item.under ? 'mb-2 ms-4' : 'mb-2'}
                checked={prefs[item.key]}
                disabled={saving === item.key || (item.under !== undefined && !prefs[item.under])}
                onChange={(e) => void toggle(item.key, e.currentTarget.checked)}
                label={
                  <>
                    {item.label}
                    {item.help ? <span className="d-block small text-body-secondary">{item.help}</span> : null}
                  </>
                }
              />
            ))}
          </fieldset>
        ))}
      </div>
    </SettingsPanel>
  );
}
