import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/utils';
import { AlertsHeld } from './components/AlertsHeld';

const ID = '0b6f7a52-3c1e-4f65-9a4d-2f8c1b7e9d10';
const renderHeld = (alertsAt: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AlertsHeld splitId={ID} alertsAt={alertsAt} />
    </QueryClientProvider>,
  );
/** The instant `ms` from now, and its New York clock time. */
function inNewYork(ms: number) {
  const at = new Date(Math.floor((Date.now() + ms) / 1000) * 1000);
  const clock = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return { iso: at.toISOString(), clock };
}

describe('AlertsHeld: the grace period after saving a split by hand', () => {
  it('says when the alerts go out in New York time, and Undo stops them', async () => {
    const { apiCalls } = mockFetch({ 'POST /api/rs/alerts/undo': { data: { id: ID, cancelled: 2 } } });
    const { iso, clock } = inNewYork(60_000);
    renderHeld(iso);
    expect(screen.getByTestId('alerts-held')).toHaveTextContent(`Alerts go out at ${clock}·Undo`);
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Alerts stopped: nothing was sent to members.')).toBeVisible();
    expect(apiCalls().find((c) => c.path === '/api/rs/alerts/undo')?.body).toEqual({ id: ID });
  });

  it("shows the server's answer when they have already gone out", async () => {
    const msg = 'These alerts are no longer held: they have gone out or were already stopped.';
    mockFetch({ 'POST /api/rs/alerts/undo': { status: 409, errors: [{ msg }] } });
    renderHeld(inNewYork(60_000).iso);
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(msg)).toBeVisible();
  });

  it('after the release it says they went out, with no Undo', () => {
    mockFetch();
    const { iso, clock } = inNewYork(-5_000);
    renderHeld(iso);
    expect(screen.getByTestId('alerts-held')).toHaveTextContent(`Alerts went out at ${clock}`);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});
