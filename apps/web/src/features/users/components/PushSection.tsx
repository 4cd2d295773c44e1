import { can } from '@roundup/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { errorMessages } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { formatInMarketTz } from '../../../lib/format';
import { HomeScreenSteps } from './HomeScreenSteps';
import { isAppleMobile } from '../home-screen';
import { currentEndpoint, listDevices, pushSupported, turnOffPush, turnOnPush } from '../push';

const when = (iso: string) => `${formatInMarketTz(iso, 'MMM d, yyyy h:mm a')} ET`;

export const TURN_ON_LABEL = 'Turn on browser alerts on this device';

/**
 * Settings → Profile → Browser alerts (decision 026): push alerts per device. The
 * browser asks for permission only after the member presses the button, never on load.
 */
export function PushSection() {
  const { data: user } = useAuth();
  const [busy, setBusy] = useState(false);
  const errors = useTimedMessage<string[]>(5000);
  const supported = pushSupported();
  // The member's devices, and which is this browser (read only: nothing is registered or asked on load).
  const query = useQuery({
    queryKey: ['push-devices'],
    queryFn: async () => {
      const [list, endpoint] = await Promise.all([listDevices(), currentEndpoint()]);
      return { devices: list.devices, mine: endpoint && list.devices.some((d) => d.endpoint === endpoint) ? endpoint : null };
    },
  });
  const devices = query.data?.devices ?? null;
  const mine = query.data?.mine ?? null;

  async function act(fn: () => Promise<unknown>) {
    setBusy(true);
    errors.clear();
    try {
      await fn();
      await query.refetch();
    } catch (err) {
      errors.show(errorMessages(err));
    } finally {
      setBusy(false);
    }
  }

  if (!user) return null;
  return (
    <SettingsPanel
      title="Browser alerts"
      description="Your alerts as notifications from your browser, on each device where you turn them on."
    >
      <ErrorAlert messages={errors.value ?? (query.error ? errorMessages(query.error) : undefined)} />
      {!can(user.role, 'alerts:pro') ? (
        <p className="small text-body-secondary">Split alerts are a Pro feature; your devices get them once you are Pro.</p>
      ) : null}
      {!supported ? (
        <p className="small text-body-secondary mb-2">
          {isAppleMobile(navigator) ? 'Safari tabs cannot show push alerts.' : 'This browser cannot show push alerts.'}
        </p>
      ) : mine ? (
        <Button variant="outline-secondary" disabled={busy} onClick={() => void act(() => turnOffPush(mine))}>
          Turn off on this device
        </Button>
      ) : (
        <Button variant="primary" disabled={busy} onClick={() => void act(turnOnPush)}>
          {TURN_ON_LABEL}
        </Button>
      )}
      {devices && devices.length > 0 ? (
        <ul className="list-group mt-3" aria-label="Devices with browser alerts">
          {devices.map((d) => (
            <li key={d._id} className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
              <span>
                {d.label}
                {d.endpoint === mine ? <span className="badge text-bg-info ms-2">This device</span> : null}
                <span className="d-block small text-body-secondary">
                  On since {when(d.createdDate)}
                  {d.lastSentDate ? `; last alert ${when(d.lastSentDate)}` : ''}
                </span>
              </span>
              <Button
                size="sm"
                variant="outline-danger"
                disabled={busy}
                aria-label={`Turn off ${d.label}`}
                onClick={() => void act(() => turnOffPush(d.endpoint))}
              >
                Turn off
              </Button>
            </li>
          ))}
        </ul>
      ) : devices ? (
        <p className="small text-body-secondary mt-3 mb-0">No device has browser alerts on.</p>
      ) : null}
      <HomeScreenSteps />
    </SettingsPanel>
  );
}
