import { REF_ID_STORAGE_KEY } from '@roundup/shared/api';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';

const sec = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const proUser = makeUser({
  role: 'Pro',
  subscriptionTier: 'Pro',
  memberSince: '2026-03-02T15:00:00.000Z',
  stripeSubscriptionId: 'sub_1',
  createdDate: '2026-03-01T15:00:00.000Z',
});
const subscription = {
  id: 'sub_1',
  level: 'pro',
  tier: 'Pro',
  status: 'active',
  quantity: 1,
  cancel_at_period_end: false,
  current_period_end: sec('2026-04-02T15:00:00Z'),
  refunded: false,
  refund_eligible: true,
  cancelable: true,
  items: {
    total_count: 1,
    data: [{ id: 'in_1', created: sec('2026-03-02T15:00:00Z'), price: { unit_amount: 5000 }, amount_refunded: 0 }],
  },
};
const invoices = {
  data: [
    {
      id: 'in_1',
      created: sec('2026-03-02T15:00:00Z'),
      status: 'paid',
      amount_paid: 5000,
      amount_refunded: 0,
      hosted_invoice_url: 'https://pay.example/i/1',
      invoice_pdf: 'https://pay.example/i/1.pdf',
    },
  ],
};

describe('Settings → Subscription', () => {
  it('Starter: Starter Member, Upgrade to Pro, and "No subscriptions yet."', async () => {
    storeToken();
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser() } },
      'POST /api/subs/fetch': { data: { subscription: null, invoices: { data: [] } } },
    });
    renderApp('/settings/subscription');
    expect(await screen.findByText('Starter Member')).toBeInTheDocument();
    expect(await screen.findByText('Joined January 2025')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/upgrade/pro');
    expect(await screen.findByText(/No subscriptions yet\./)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Why not upgrade?' })).toHaveAttribute('href', '/upgrade/pro');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel membership' })).toBeNull());
  });

  it('Pro: tier, member since, billing history with View and Download, and cancellation with confirmation', async () => {
    storeToken();
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: proUser } },
      'POST /api/subs/fetch': { data: { subscription, invoices } },
      'POST /api/subs/cancel-subscription': {
        data: {
          outcome: 'refunded',
          refundAmount: 5000,
          accessUntil: null,
          msg: 'Your membership was cancelled and your payment of $50.00 was refunded in full.',
        },
      },
    });
    renderApp('/settings/subscription');
    expect(await screen.findByText('Pro Member')).toBeInTheDocument();
    expect(await screen.findByText('Member since March 02, 2026')).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: 'March 02, 2026' })).closest('tr')!;
    expect(await within(row).findByText('$50.00')).toBeInTheDocument();
    expect(await within(row).findByRole('link', { name: 'View' })).toHaveAttribute('href', 'https://pay.example/i/1');
    expect(await within(row).findByRole('link', { name: 'Download' })).toHaveAttribute('href', 'https://pay.example/i/1.pdf');
    expect(apiCalls().find((c) => c.path === '/api/subs/fetch')?.body).toEqual({ subscriptionId: 'sub_1' });

    await userEvent.click(screen.getByRole('button', { name: 'Cancel membership' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/refunded in full/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));
    expect(
      await screen.findByText('Your membership was cancelled and your payment of $50.00 was refunded in full.'),
    ).toBeInTheDocument();
    expect(apiCalls().find((c) => c.path === '/api/subs/cancel-subscription')?.body).toEqual({ subscriptionId: 'sub_1' });
  });

  it('shows server errors in a red alert', async () => {
    storeToken();
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser() } },
      'POST /api/subs/fetch': { status: 500, errors: [{ msg: 'Billing is down' }] },
    });
    renderApp('/settings/subscription');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Billing is down');
    expect(alert.className).toMatch(/alert-danger/);
  });
});

describe('/upgrade/:level and /register/success/:sessionId', () => {
  it('sends a visitor to register first (og means lifetime)', async () => {
    mockFetch({});
    const { router } = renderApp('/upgrade/og');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/lifetime'));
  });

  it('starts checkout for the signed-in user and follows the session URL', async () => {
    storeToken();
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser() } },
      'POST /api/subs/lifetime': { data: { session: { id: 'cs_1', url: `${window.location.origin}/checkout/test/cs_1` } } },
      'GET /api/subs/test-checkout/cs_1': {
        data: {
          session: {
            id: 'cs_1',
            level: 'lifetime',
            amount: 49900,
            status: 'open',
            email: 'casey@example.com',
            username: 'casey',
          },
        },
      },
    });
    const { router } = renderApp('/upgrade/lifetime');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/test/cs_1'));
    expect(apiCalls().find((c) => c.path === '/api/subs/lifetime')?.body).toEqual({ userId: 'u1', stripeCustomerId: null });
    expect(
      await screen.findByText('This is a local test checkout. No card is needed and nothing is charged.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $499.00 (test)' })).toBeEnabled();
  });

  it('confirms the session, forgets the refId and goes to /quickstart', async () => {
    storeToken();
    window.localStorage.setItem(REF_ID_STORAGE_KEY, 'friend');
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser() } },
      'POST /api/subs/register-success': { data: { user: proUser } },
    });
    const { router } = renderApp('/register/success/cs_9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/quickstart'));
    expect(apiCalls().find((c) => c.path === '/api/subs/register-success')?.body).toEqual({ sessionId: 'cs_9' });
    expect(window.localStorage.getItem(REF_ID_STORAGE_KEY)).toBeNull();
  });

  it('shows a register-success error as text', async () => {
    storeToken();
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser() } },
      'POST /api/subs/register-success': { status: 404, errors: [{ msg: 'We could not find that checkout session.' }] },
    });
    renderApp('/register/success/cs_x');
    expect(await screen.findByText('We could not find that checkout session.')).toBeInTheDocument();
  });
});

describe('Settings → Subscription: renewal, state and billing notices', () => {
  it('shows the next renewal date and amount, the plan in one sentence, and the notices emailed', async () => {
    storeToken();
    mockFetch({
      'GET /api/auth/me': { data: { user: proUser } },
      'POST /api/subs/fetch': {
        data: {
          subscription,
          invoices,
          summary: 'You are on Pro; it renews on April 02, 2026 for $50.00.',
          next_renewal: { date: sec('2026-04-02T15:00:00Z'), amount: 5000 },
          notices: [
            {
              id: 'refund:in_2:5000',
              kind: 'refund',
              subject: 'RoundUp refund: $50.00 for a duplicate payment',
              body: 'You paid twice for RoundUp Pro (monthly).',
              created: sec('2026-03-02T16:00:00Z'),
            },
          ],
        },
      },
    });
    renderApp('/settings/subscription');
    expect(await screen.findByText('You are on Pro; it renews on April 02, 2026 for $50.00.')).toBeInTheDocument();
    expect(await screen.findByText('April 02, 2026 · $50.00')).toBeInTheDocument();
    const notices = await screen.findByRole('region', { name: 'Billing notices' });
    expect(await within(notices).findByText('RoundUp refund: $50.00 for a duplicate payment')).toBeInTheDocument();
    expect(await within(notices).findByText('You paid twice for RoundUp Pro (monthly).')).toBeInTheDocument();
  });

  it('a Lifetime member’s tab asks for the current plan, not the monthly one it replaced', async () => {
    storeToken();
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: { ...proUser, subscriptionTier: 'Lifetime' } } },
      'POST /api/subs/fetch': {
        data: {
          subscription: { ...subscription, id: 'pi_1', level: 'lifetime', tier: 'Lifetime', current_period_end: null },
          invoices,
        },
      },
    });
    renderApp('/settings/subscription');
    expect(await screen.findByText('Lifetime Member')).toBeInTheDocument();
    await waitFor(() => expect(apiCalls().find((c) => c.path === '/api/subs/fetch')?.body).toEqual({}));
  });
});
