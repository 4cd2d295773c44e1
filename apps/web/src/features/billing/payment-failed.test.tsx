import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';

const proUser = makeUser({ role: 'Pro', subscriptionTier: 'Pro', stripeSubscriptionId: 'sub_1' });
const noSubscription = { data: { subscription: null, invoices: { data: [] } } };
const failed = { invoice_id: 'in_2', amount: 5000, update_by: Math.floor(Date.parse('2026-04-05T15:00:00Z') / 1000) };

describe('a failed renewal', () => {
  it('shows the banner with the amount and the date, and its button opens the billing portal', async () => {
    storeToken();
    const { calls } = mockFetch({
      'GET /api/auth/me': { data: { user: proUser } },
      'GET /api/subs/alert': { data: { payment_failed: failed } },
      'POST /api/subs/fetch': noSubscription,
      'POST /api/subs/portal': { data: { url: `${window.location.origin}/settings/subscription` } },
    });
    renderApp('/faqs');
    const banner = await screen.findByRole('region', { name: 'Payment failed' });
    expect(banner).toHaveTextContent('Your $50.00 payment failed; update your card by April 05, 2026.');
    await userEvent.click(within(banner).getByRole('button', { name: 'Update your card' }));
    // Same origin (the local checkout's portal): the app moves to the Subscription tab.
    expect(await screen.findByRole('heading', { name: 'Subscription' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/subs/portal')).toHaveLength(1);
  });

  it('shows nothing when no payment failed, and Starter members never ask', async () => {
    storeToken();
    const { calls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser() } },
    });
    renderApp('/faqs');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment failed' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/subs/alert')).toBe(false);
  });

  it('the admin billing page lists open problems with the member and the price, then fixed ones', async () => {
    storeToken();
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Admin' }) } },
      'GET /api/admin/billing/reconciliation': {
        data: {
          runs: [
            { day: '2026-04-01', started: 1775050000, finished: 1775050100, checked: 12, fixed: 1, flagged: 1, error: null },
          ],
          flags: [
            {
              id: 'foreign-price:sub_9',
              kind: 'foreign-price',
              user_id: 'u9',
              username: 'buyer9',
              object_id: 'sub_9',
              price_id: 'price_other',
              detail: 'A subscription for price price_other, which is not a RoundUp price: it gave no access.',
              created: 1775050000,
              last_seen: 1775050000,
              resolved: null,
            },
            {
              id: 'fixed:u8',
              kind: 'fixed',
              user_id: 'u8',
              username: 'member8',
              object_id: null,
              price_id: null,
              detail: 'Access corrected from Stripe: Pro → Starter.',
              created: 1775050000,
              last_seen: 1775050000,
              resolved: 1775050000,
            },
          ],
        },
      },
    });
    renderApp('/admin/billing');
    expect(await screen.findByText('2026-04-01')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Needs a look (1)' })).toBeInTheDocument();
    const open = screen.getByRole('table', { name: 'Open billing problems' });
    expect(within(open).getByRole('link', { name: 'buyer9' })).toHaveAttribute('href', '/admin/users/u9');
    expect(within(open).getByText('price_other')).toBeInTheDocument();
    const done = screen.getByRole('table', { name: 'Resolved billing problems' });
    expect(within(done).getByText('Access corrected from Stripe: Pro → Starter.')).toBeInTheDocument();
  });
});
