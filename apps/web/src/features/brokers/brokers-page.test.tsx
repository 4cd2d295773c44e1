import type { Broker } from '@roundup/shared/brokers';
import { render, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';
import { accountTypesOf } from './public-api';
import { BrokerCard } from './components/BrokerCard';

function broker(overrides: Partial<Broker>): Broker {
  return {
    _id: 'b1',
    name: 'Good Broker',
    logo: '/brokers/good.svg',
    headline: 'Fast round-ups',
    signupPromo: '<p>Get <strong>$50</strong> when you fund.</p>',
    refLink: 'https://good.example/ref',
    shareReturnTime: 1,
    rating: 4,
    fees: '<ul><li>$0 commissions</li></ul>',
    fullReview: null,
    reviewBlurb: 'A dependable choice.',
    accountCash: true,
    accountMargin: false,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
    createdDate: '2026-01-01T00:00:00.000Z',
    updatedDate: '2026-01-01T00:00:00.000Z',
    measured: null,
    honoursRoundUps: null,
    minimumOrder: [],
    dayOneDelivery: null,
    roundUpStatus: null,
    roundUpStatusDate: null,
    roundUpStatusSource: null,
    returnsFraction: false,
    newAccountRestriction: null,
    reorgFeeCents: null,
    ...overrides,
  };
}

const MALICIOUS =
  '<p>Bonus!</p><img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>' +
  '<a href="javascript:window.__pwned = 3">claim</a><p onclick="window.__pwned = 4" style="position:fixed">styled</p>' +
  '<iframe src="https://evil.example"></iframe><a href="https://ok.example/promo">terms</a>';

function signInWith(brokers: Broker[]) {
  storeToken();
  return mockFetch({
    'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
    'GET /api/brokers': { data: { brokers } },
  });
}

describe('accountTypesOf', () => {
  it('lists the offered account types in the order of product.md#stored', () => {
    expect(accountTypesOf({ accountCash: true, accountMargin: true, accountTradIRA: true, accountRothIRA: true })).toEqual([
      'Cash',
      'Margin',
      'Traditional IRA',
      'Roth IRA',
    ]);
    expect(accountTypesOf({ accountCash: false, accountMargin: false, accountTradIRA: false, accountRothIRA: true })).toEqual([
      'Roth IRA',
    ]);
  });
});

describe('/brokers', () => {
  it('shows one card per enabled broker with every field of product.md#stored, and the list and count in the header', async () => {
    signInWith([
      broker({}),
      broker({
        _id: 'b2',
        name: 'Slow Broker',
        rating: 0,
        shareReturnTime: 14,
        accountMargin: true,
        accountTradIRA: false,
        accountRothIRA: false,
      }),
      broker({ _id: 'b3', name: 'Hidden Broker', disabled: true }),
    ]);
    renderApp('/brokers');
    const card = await screen.findByRole('article', { name: 'Good Broker' });
    expect(await within(card).findByText('Fast round-ups')).toBeInTheDocument();
    expect(await within(card).findByRole('img', { name: 'Good Broker logo' })).toHaveAttribute('src', '/brokers/good.svg');
    expect(await within(card).findByRole('img', { name: 'Rating: 4 out of 5' })).toHaveTextContent('$$$$$');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(expect.arrayContaining(['Cash', 'Traditional IRA', 'Roth IRA']));
    expect(within(card).getByText('1 day')).toBeInTheDocument();
    expect(within(card).getByText('Fast')).toBeInTheDocument();
    expect(within(card).getByText('$0 commissions')).toBeInTheDocument();
    expect(within(card).getByText('$50')).toBeInTheDocument();
    expect(within(card).getByText(/A dependable choice/)).toBeInTheDocument();
    const open = within(card).getByRole('link', { name: /Open an Account/ });
    expect(open).toHaveAttribute('href', 'https://good.example/ref');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer sponsored');

    const slow = screen.getByRole('article', { name: 'Slow Broker' });
    expect(within(slow).getByRole('img', { name: 'Rating: 0 out of 5' })).toBeInTheDocument();
    expect(within(slow).getByText('14 days')).toBeInTheDocument();
    expect(within(slow).getByText('Slow')).toBeInTheDocument();

    expect(screen.queryByText('Hidden Broker')).not.toBeInTheDocument();
    expect(screen.getByTestId('broker-count')).toHaveTextContent('2 brokers · up to 5 accounts');
    const jump = screen.getByRole('navigation', { name: 'Brokers on this page' });
    expect(
      within(jump)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Good Broker', 'Slow Broker']);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Reverse Splits' })).toHaveAttribute(
      'href',
      '/reverse-splits',
    );
    await waitFor(() => expect(document.title).toBe('Brokers · RoundUp'));
  });

  it('shows what members measured, and warns instead of "Open an Account" where members mostly get cash', async () => {
    signInWith([
      broker({
        measured: { samples: 12, members: 5, shareReceivedRate: 0.92, medianReturnDays: 2 },
        honoursRoundUps: true,
      }),
      broker({
        _id: 'b2',
        name: 'Cash Broker',
        measured: { samples: 8, members: 4, shareReceivedRate: 0.25, medianReturnDays: 6 },
        honoursRoundUps: false,
      }),
      broker({ _id: 'b3', name: 'New Broker' }),
    ]);
    renderApp('/brokers');
    const good = await screen.findByRole('article', { name: 'Good Broker' });
    expect(within(good).getByTestId('broker-measured')).toHaveTextContent(
      '92% got the share, in 2 days (median)from 12 recorded round-ups of 5 members',
    );
    expect(within(good).getByRole('link', { name: /Open an Account/ })).toBeInTheDocument();
    const cash = screen.getByRole('article', { name: 'Cash Broker' });
    expect(within(cash).getByText('Members mostly get cash here, not the share.')).toBeInTheDocument();
    expect(within(cash).queryByRole('link', { name: /Open an Account/ })).not.toBeInTheDocument();
    const fresh = screen.getByRole('article', { name: 'New Broker' });
    expect(within(fresh).getByTestId('broker-measured')).toHaveTextContent('Not enough recorded round-ups yet');
  });

  it('renders admin-written rich text inert: no script, handler, javascript: link, style or frame', async () => {
    signInWith([broker({ signupPromo: MALICIOUS, fees: MALICIOUS })]);
    renderApp('/brokers');
    const card = await screen.findByRole('article', { name: 'Good Broker' });
    expect(await within(card).findAllByText('Bonus!')).toHaveLength(2);
    const html = card.innerHTML;
    expect(card.querySelector('script, iframe, img[onerror], [onclick], [style]')).toBeNull();
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/onerror|onclick/i);
    const safeLink = within(card).getAllByRole('link', { name: 'terms' })[0];
    expect(safeLink).toHaveAttribute('href', 'https://ok.example/promo');
    expect(safeLink).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('shows a calm message when no brokers are listed', async () => {
    signInWith([broker({ disabled: true })]);
    renderApp('/brokers');
    expect(await screen.findByText(/no brokers are listed right now/i)).toBeInTheDocument();
  });
});

/** /brokers shows each broker's dated rules. */
const NO_MEASURED = { logo: null, headline: null, signupPromo: null, fees: null, reviewBlurb: null };
describe('BrokerCard: broker rules', () => {
  it('says whether the broker hands back the fraction, what a new account may not buy, and its fee', () => {
    render(
      <BrokerCard
        broker={broker({
          ...NO_MEASURED,
          returnsFraction: true,
          newAccountRestriction: 'No stocks under $1 until funds settle',
          reorgFeeCents: 2500,
        })}
      />,
    );
    expect(screen.getByTestId('broker-returns-fraction')).toHaveTextContent('Hands back the fraction of a share instead of cash');
    expect(screen.getByTestId('broker-new-account')).toHaveTextContent('No stocks under $1 until funds settle');
    expect(screen.getByTestId('broker-reorg-fee')).toHaveTextContent('$25.00');
  });

  it('shows the minimum order by price band, day-one delivery and a round-up status with its date and source', () => {
    render(
      <BrokerCard
        broker={broker({
          ...NO_MEASURED,
          minimumOrder: [
            { below: 1, minShares: 100 },
            { below: 0.1, minShares: 1000 },
          ],
          dayOneDelivery: true,
          roundUpStatus: 'honours',
          roundUpStatusDate: '2026-10-14',
          roundUpStatusSource: 'Support chat',
        })}
      />,
    );
    expect(screen.getByTestId('broker-minimum-order')).toHaveTextContent('100 shares under $1.00, 1,000 under $0.10');
    expect(screen.getByTestId('broker-day-one')).toHaveTextContent('Yes: the share arrives on the effective date');
    expect(screen.getByTestId('broker-round-up-status')).toHaveTextContent(
      'Honours round-ups as of Oct 14, 2026Source: Support chat',
    );
    expect(screen.getByRole('link', { name: /Open an Account/ })).toBeInTheDocument();
  });

  it('says what is not known, and warns instead of "Open an Account" at a broker that blocks round-up buys', () => {
    render(<BrokerCard broker={broker({ ...NO_MEASURED, roundUpStatus: 'blocks', roundUpStatusDate: '2026-11-02' })} />);
    expect(screen.getByTestId('broker-minimum-order')).toHaveTextContent('1 share');
    expect(screen.getByTestId('broker-day-one')).toHaveTextContent('Not known');
    expect(screen.getByRole('note')).toHaveTextContent('Blocks round-up buys.');
    expect(screen.queryByRole('link', { name: /Open an Account/ })).not.toBeInTheDocument();
  });
});
