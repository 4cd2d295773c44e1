import { DEFAULT_TIME_ZONE, deadlineText, splitDeadline, timeZoneSchema } from '@roundup/shared/deadline';
import { todayInMarket } from '@roundup/shared/dates';
import { useId, useMemo, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SavedBadge, SettingsPanel } from '../../../components/SettingsPanel';
import { useAuth } from '../../../lib/auth';
import { useSaveSelf } from './useSaveSelf';

/** The zones this browser knows (IANA names), with the member's own and UTC always among them. */
function zoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([DEFAULT_TIME_ZONE, current, 'UTC', ...known])].sort();
}

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Profile → Time zone: deadlines are shown in New York time (the exchange's clock)
 * and in this zone. Saved with its button; the example shows how a deadline will read.
 */
export function TimeZoneSection() {
  const id = useId();
  const { data: user } = useAuth();
  const [zone, setZone] = useState(user?.timeZone ?? DEFAULT_TIME_ZONE);
  const { save, saving, saved, errors } = useSaveSelf();
  const options = useMemo(() => zoneOptions(user?.timeZone ?? DEFAULT_TIME_ZONE), [user?.timeZone]);
  if (!user) return null;
  const device = deviceZone();
  const example = deadlineText(splitDeadline(todayInMarket(), 'Nasdaq'), zone);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    errors.clear();
    const parsed = timeZoneSchema.safeParse(zone);
    if (!parsed.success) return errors.show(parsed.error.issues.map((i) => i.message));
    await save({ timeZone: parsed.data });
  }

  return (
    <SettingsPanel
      title="Time zone"
      description="Buy-by deadlines are shown in New York time, the exchange's clock, and in your own time zone."
      actions={<SavedBadge text={saved.value} />}
    >
      <ErrorAlert messages={errors.value} />
      <Form onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="row g-3 align-items-end">
          <div className="col-12 col-md-6">
            <Form.Label htmlFor={`${id}-zone`}>Your time zone</Form.Label>
            <Form.Select id={`${id}-zone`} value={zone} onChange={(e) => setZone(e.currentTarget.value)}>
              {options.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </Form.Select>
          </div>
          <div className="col-12 col-md-6 d-flex flex-wrap gap-2">
            <Button type="submit" disabled={saving || zone === user.timeZone}>
              Set time zone
            </Button>
            {device && device !== zone && options.includes(device) ? (
              <Button variant="outline-secondary" onClick={() => setZone(device)}>
                Use this device&apos;s ({device.replace(/_/g, ' ')})
              </Button>
            ) : null}
          </div>
        </div>
        <p className="small text-body-secondary mt-3 mb-0" data-testid="time-zone-example">
          For example, a Nasdaq split reads: {example}
        </p>
      </Form>
    </SettingsPanel>
  );
}
