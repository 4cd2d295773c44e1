import { REF_ID_STORAGE_KEY } from '@roundup/shared/api';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';
import { recentRoundUps, type PastSplit } from './api';
import { formatLongDate } from './long-date';

const split = (ticker: string, effDate: string, rsType = 'Round Up'): PastSplit => ({
  _id: ticker,
  ticker,
  effDate,
  rsType,
  ratio: 10,
  price: 0.5,
  avgProfit: 4.5,
});

const PAST = [
  split('AAA', '2026-01-02'),
  split('BBB', '2026-03-01'),
  split('CIL1', '2026-03-05', 'CIL'),
  split('CCC', '2025-12-01'),
  split('DDD', '2026-02-01'),
  split('EEE', '2025-11-01'),
  split('FFF', '2025-10-01'),
  split('GGG', '2025-09-01'),
];

describe('recentRoundUps (product.md#screens, product.md#states, product.md#limits)', () => {
  it('keeps only Round Up splits, newest first, at most 6', () => {
    expect(recentRoundUps(PAST).map((s) => s.ticker)).toEqual(['BBB', 'DDD', 'AAA', 'CCC', 'EEE', 'FFF']);
  });
});

describe('landing page', () => {
  it('shows the hero, the recent round-up table and the visitor call to action', async () => {
    const { calls } = mockFetch({ 'GET /api/rs/past': { data: { splits: PAST } } });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /small gains lead to big wins/i })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Start with a Free Account Today' })).toHaveAttribute('href', '/register');
    const table = await screen.findByRole('table', { name: /recent reverse splits/i });
    const rows = (await within(table).findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toHaveTextContent('BBB');
    expect(rows[0]).toHaveTextContent('March 01, 2026');
    expect(rows[0]).toHaveTextContent('10:1');
    expect(rows[0]).toHaveTextContent('$4.50');
    expect(screen.queryByText('CIL1')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open a Free Account Today' })).toHaveAttribute('href', '/register');
    expect(screen.getAllByRole('link', { name: /Learn More/ }).map((a) => a.getAttribute('href'))).toEqual([
      '/services',
      '/services',
    ]);
    expect(screen.getAllByText(/not financial advice/i).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toBe('Small gains, big wins · RoundUp'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/round-up strategy/);
    expect(
      calls.some((c) => c.method === 'POST' && c.path === '/api/pageviews' && (c.body as { path: string }).path === '/'),
    ).toBe(true);
  });

  it('offers View Quick Start to signed-in users', async () => {
    storeToken();
    mockFetch({ 'GET /api/auth/me': { data: { user: makeUser() } }, 'GET /api/rs/past': { data: [] } });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'View Quick Start' })).toHaveAttribute('href', '/quickstart');
    expect(await screen.findByText(/no completed round-up splits yet/i)).toBeInTheDocument();
  });

  it('/r/{refId} shows the landing page and stores the refId for registration', async () => {
    mockFetch({ 'GET /api/rs/past': { data: [] } });
    renderApp('/r/somebody');
    expect(await screen.findByRole('heading', { level: 1, name: /small gains/i })).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(REF_ID_STORAGE_KEY)).toBe('somebody'));
    // The tab says what the link is, as the link's preview did.
    await waitFor(() => expect(document.title).toBe("You're invited · RoundUp"));
  });

  it('keeps the page usable when the recent splits fail to load', async () => {
    mockFetch({ 'GET /api/rs/past': { status: 503, errors: [{ msg: 'down' }] } });
    renderApp('/');
    expect(await screen.findByText(/recent round-ups are unavailable/i)).toBeInTheDocument();
  });
});

describe('services page', () => {
  it('logs its page view as /reverse-splits and sends visitors to /register/lifetime', async () => {
    const { calls } = mockFetch();
    renderApp('/services');
    expect(await screen.findByRole('columnheader', { name: /Starter\s*FREE/ })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: /Pro\s*\$50\/mo\./ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'CLAIM LIFETIME ACCESS' })).toHaveAttribute('href', '/register/lifetime');
    expect((await screen.findAllByText(/full refund is available within 7 days of your first purchase/i)).length).toBeGreaterThan(
      0,
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/pageviews').map((c) => (c.body as { path: string }).path)).toEqual([
        '/reverse-splits',
      ]),
    );
  });

  it('sends signed-in users to /upgrade/lifetime', async () => {
    storeToken();
    mockFetch({ 'GET /api/auth/me': { data: { user: makeUser() } } });
    renderApp('/services');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'CLAIM LIFETIME ACCESS' })).toHaveAttribute('href', '/upgrade/lifetime'),
    );
  });
});

describe('learn pages', () => {
  it('computes the profit of each outcome from price, ratio and accounts', async () => {
    mockFetch();
    renderApp('/learn');
    const price = await screen.findByLabelText('Share price ($)');
    await userEvent.clear(price);
    await userEvent.type(price, '0.25');
    const ratio = await screen.findByLabelText('Split ratio (1-for-N)');
    await userEvent.clear(ratio);
    await userEvent.type(ratio, '40');
    const accounts = await screen.findByLabelText('Accounts');
    await userEvent.clear(accounts);
    await userEvent.type(accounts, '3');
    expect(await screen.findByTestId('calc-total-roundUpShares')).toHaveTextContent('$29.25'); // 39 × 0.25 × 3
    expect(await screen.findByTestId('calc-total-roundUpLots')).toHaveTextContent('$2,999.25'); // (100 × 40 × 0.25 − 0.25) × 3
    expect(await screen.findByTestId('calc-total-cashInLieu')).toHaveTextContent('$0.00');
    expect(await screen.findByTestId('calc-total-roundToNearest')).toHaveTextContent('-$0.75');
    expect(await screen.findByTestId('calc-total-roundDown')).toHaveTextContent('-$0.75');
    await userEvent.clear(accounts);
    expect(await screen.findByRole('alert')).toHaveTextContent('Fill in all three fields.');
  });

  it('explains the five outcomes on /learn/fractional-shares with its own title', async () => {
    mockFetch();
    renderApp('/learn/fractional-shares');
    expect(await screen.findByRole('heading', { level: 1, name: 'The five fractional-share outcomes' })).toBeInTheDocument();
    for (const name of ['Round up lots', 'Round up shares', 'Cash in lieu', 'Round to nearest', 'Round down']) {
      expect(screen.getByRole('heading', { name: new RegExp(name) })).toBeInTheDocument();
    }
    await waitFor(() => expect(document.title).toBe('The five fractional-share outcomes · RoundUp'));
  });

  it('answers an unknown chapter with the 404 page', async () => {
    mockFetch();
    renderApp('/learn/nope');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('policies', () => {
  it.each([
    ['/policies', 'Terms of Service'],
    ['/policies/unknown', 'Terms of Service'],
    ['/policies/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy'],
  ])('%s shows the %s with a side navigation', async (path, title) => {
    mockFetch();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Policies' });
    expect(await within(nav).findByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
  });

  it('states what product.md#what-roundup-is requires', async () => {
    mockFetch();
    renderApp('/terms-of-service');
    expect(await screen.findByText(/18 years of age or older/)).toBeInTheDocument();
    expect(await screen.findByText(/username cannot be changed/i)).toBeInTheDocument();
    expect(await screen.findByText(/is financial, investment, tax or legal advice/i)).toBeInTheDocument();
    expect(await screen.findByText(/full refund is available within 7 days/i)).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Policies' })).getByRole('link', { name: 'Privacy Policy' }),
    );
    expect(await screen.findByText(/nobody under 13 is allowed/i)).toBeInTheDocument();
    expect(await screen.findByText(/administrators can see and edit user information/i)).toBeInTheDocument();
  });
});

describe('quick start', () => {
  it('shows the six steps and ends with View Reverse Splits', async () => {
    storeToken();
    mockFetch({ 'GET /api/auth/me': { data: { user: makeUser() } } });
    renderApp('/quickstart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick Start' })).toBeInTheDocument();
    expect(await screen.findByText(/thank you for joining roundup, casey/i)).toBeInTheDocument();
    expect(await screen.findAllByRole('heading', { level: 3, name: /^Step \d:/ })).toHaveLength(6);
    expect(await screen.findByRole('link', { name: 'View Reverse Splits' })).toHaveAttribute('href', '/reverse-splits');
  });
});

describe('formatLongDate', () => {
  it.each([
    ['2026-03-01', 'March 01, 2026'],
    ['2025-12-22', 'December 22, 2025'],
    ['2026-01-02T00:00:00.000Z', 'January 02, 2026'],
    ['2026-13-01', '2026-13-01'],
    ['soon', 'soon'],
  ])('%s → %s', (iso, expected) => {
    expect(formatLongDate(iso)).toBe(expected);
  });
});
