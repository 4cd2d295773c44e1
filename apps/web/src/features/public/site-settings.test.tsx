import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, TEST_SITE } from '../../test/utils';

/** Prices, support address and Discord come from the server's configuration (GET /api/site). */
describe('site settings on the public pages', () => {
  it('/services shows the Pro and Lifetime prices of the payment configuration; no Discord when none is set', async () => {
    mockFetch({
      'GET /api/site': {
        data: {
          ...TEST_SITE,
          prices: {
            pro: { amount: 4500, currency: 'usd', interval: 'month' },
            lifetime: { amount: 39900, currency: 'usd', interval: null },
          },
        },
      },
    });
    renderApp('/services');
    expect(await screen.findByText('$45/mo.')).toBeInTheDocument();
    expect(await screen.findByTestId('lifetime-price')).toHaveTextContent('$399 once');
    expect(screen.getByText(/single payment of \$399/)).toBeInTheDocument();
    expect(screen.queryByText(/Discord/)).not.toBeInTheDocument();
    expect(screen.getByText('Real-time alerts by email, SMS and WhatsApp')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', 'mailto:support@roundup.test');
  });

  it('offers Discord when the site has a server', async () => {
    mockFetch({ 'GET /api/site': { data: { ...TEST_SITE, discord: true } } });
    renderApp('/services');
    expect(await screen.findByText('Real-time alerts by email, SMS, WhatsApp and Discord')).toBeInTheDocument();
  });
});

describe('the Discord invite', () => {
  it('is on Quick Start for paid members when the site has one', async () => {
    const { storeToken, makeUser } = await import('../../test/utils');
    storeToken();
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
      'GET /api/site': { data: { ...TEST_SITE, discord: true, discordInviteUrl: 'https://discord.gg/roundup' } },
    });
    renderApp('/quickstart');
    expect(await screen.findByTestId('discord-invite')).toHaveAttribute('href', 'https://discord.gg/roundup');
  });
});
