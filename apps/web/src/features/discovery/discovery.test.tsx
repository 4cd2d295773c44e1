import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AcceptPreview } from '@roundup/shared/accept-preview';
import type { Proposal } from '@roundup/shared/discovery';
import { asAdmin, renderApp } from '../../test/utils';

const proposal = (over: Partial<Proposal> = {}): Proposal => ({
  _id: '11111111-1111-4111-8111-111111111111',
  accession: '0001000001-26-000012',
  filingUrl: 'https://www.sec.gov/Archives/edgar/data/1000001/000100000126000012/0001000001-26-000012-index.htm',
  form: '8-K/A',
  fileDate: '2026-11-19',
  acceptedAt: '2026-11-19T13:02:44.000Z',
  cik: '1000001',
  company: 'Acme Robotics, Inc.',
  ticker: 'ACMR',
  ratio: 20,
  ratioExact: null,
  ratioRange: null,
  marketDate: '2026-12-03',
  effectiveDate: '2026-12-03',
  buyBy: '2026-12-02',
  exchange: 'Nasdaq',
  rounding: 'ROUND_UP',
  rsType: 'Round Up',
  proposedStatus: 'Upcoming',
  stage: 'announced',
  historical: false,
  holdersOfRecordOnly: false,
  confidence: 0.95,
  evidence: {
    sentence: 'Any fractional share will be rounded up to the nearest whole share.',
    before: 'The Reverse Stock Split will become effective on December 3, 2026.',
    after: 'The CUSIP will change.',
  },
  changes: { marketDate: { from: '2026-12-01', to: '2026-12-03' } },
  previousId: '22222222-2222-4222-8222-222222222222',
  status: 'open',
  splitId: null,
  rejectReason: null,
  reviewedAt: null,
  createdDate: '2026-11-20T15:00:00.000Z',
  ...over,
});
const list = (proposals: Proposal[]) => ({
  data: {
    proposals,
    record: { accepted: 3, rejected: 1, open: proposals.length, roundUpOutcomes: null },
    lastRun: {
      slot: '2026-11-20T10:00',
      startedAt: '2026-11-20T15:00:00.000Z',
      finishedAt: '2026-11-20T15:01:00.000Z',
      found: 5,
      processed: 5,
      proposals: 4,
      error: null,
    },
    enabled: true,
  },
});

const preview = (over: Partial<AcceptPreview> = {}): AcceptPreview => ({
  split: {
    name: 'Acme Robotics, Inc.',
    ticker: 'ACMR',
    ratio: 30,
    price: 1.2,
    estProfit: 34.8,
    buyDate: '2026-12-02',
    effDate: '2026-12-03',
    status: 'Upcoming',
    rsType: 'Round Up',
    caution: false,
    exchange: 'Nasdaq',
  },
  updates: false,
  alert: {
    audience: 'Pro members with new-split alerts on (email, SMS, WhatsApp), and the Discord channel',
    subject: 'New reverse split: ACMR 30:1',
    text: 'A new reverse split was announced.\nAcme Robotics, Inc. (ACMR), 30:1, buy by December 02, 2026\nPrice $1.20, estimated profit $34.80 per account.\n\nOpen the calendar',
    short: 'RoundUp: New reverse split: ACMR 30:1. http://localhost/reverse-splits',
  },
  problems: [],
  ...over,
});

describe('admin discoveries page', () => {
  it('shows each proposal with its facts, the deciding sentence and what changed', async () => {
    asAdmin({ 'GET /api/admin/discoveries?status=open': list([proposal()]) });
    renderApp('/admin/discoveries');
    const card = (await screen.findByRole('heading', { name: /Acme Robotics, Inc\. \(ACMR\)/ })).closest('article')!;
    const c = within(card as HTMLElement);
    expect(c.getByText('Rounds up')).toBeInTheDocument();
    expect(c.getByText('1-for-20')).toBeInTheDocument();
    expect(c.getByText('Dec 2, 2026')).toBeInTheDocument();
    // The deadline members will read, with the halt of the exchange the filing names.
    expect(c.getByText('Buy by 4:00 pm ET Wed Dec 2; halt 7:50 pm ET')).toBeInTheDocument();
    expect(c.getByText('Any fractional share will be rounded up to the nearest whole share.').tagName).toBe('MARK');
    expect(c.getByText(/Market date:/).textContent).toBe('Market date: Dec 1, 2026 → Dec 3, 2026');
    expect(c.getByRole('link', { name: /View filing \(8-K\/A\)/ })).toHaveAttribute('href', proposal().filingUrl);
    expect(await screen.findByText(/Last poll Nov 20, 10:00 AM ET: 5 new filings, 5 read, 4 proposals\./)).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Discoveries' })).toHaveAttribute(
      'href',
      '/admin/discoveries',
    );
  });

  it('when the filing contradicts itself about fractional shares, the card quotes both sentences', async () => {
    const conflict =
      'Any fractional share resulting from the Reverse Stock Split will be rounded down to the nearest whole share.';
    asAdmin({
      'GET /api/admin/discoveries?status=open': list([
        proposal({
          rounding: 'UNSPECIFIED',
          rsType: 'Unconfirmed',
          evidence: { ...proposal().evidence!, conflict },
        }),
      ]),
    });
    renderApp('/admin/discoveries');
    const card = within((await screen.findByRole('heading', { name: /Acme Robotics/ })).closest('article') as HTMLElement);
    expect(card.getByText('Any fractional share will be rounded up to the nearest whole share.').tagName).toBe('MARK');
    expect(card.getByText(conflict).tagName).toBe('MARK');
    expect(card.getByText(/The filing's sentences about the split disagree/)).toBeInTheDocument();
  });

  it('a ratio that is not whole is shown exactly, and the card says the admin enters the whole one', async () => {
    asAdmin({ 'GET /api/admin/discoveries?status=open': list([proposal({ ratio: null, ratioExact: 4.3 })]) });
    renderApp('/admin/discoveries');
    const card = within((await screen.findByRole('heading', { name: /Acme Robotics/ })).closest('article') as HTMLElement);
    expect(card.getByText('1-for-4.3 (not whole)')).toBeInTheDocument();
    expect(card.getByText(/The filing states a 1-for-4\.3 ratio, not a whole number\./).textContent).toContain(
      "the exact ratio goes into the split's notes",
    );
  });

  it('a contradicting neighbour is marked where it stands, not quoted twice', async () => {
    const after = 'Any fractional share will instead be rounded down to the nearest whole share.';
    asAdmin({
      'GET /api/admin/discoveries?status=open': list([
        proposal({
          rounding: 'UNSPECIFIED',
          rsType: 'Unconfirmed',
          evidence: { ...proposal().evidence!, after, conflict: after },
        }),
      ]),
    });
    renderApp('/admin/discoveries');
    const card = within((await screen.findByRole('heading', { name: /Acme Robotics/ })).closest('article') as HTMLElement);
    expect(card.getAllByText(after)).toHaveLength(1);
    expect(card.getByText(after).tagName).toBe('MARK');
  });

  it('Accept shows what members will receive and publishes only on the confirm, once', async () => {
    let accepts = 0;
    const { apiCalls } = asAdmin({
      'GET /api/admin/discoveries?status=open': list([proposal()]),
      'POST /api/admin/discoveries/preview': { data: preview() },
      'POST /api/admin/discoveries/accept': () => {
        accepts += 1;
        return { data: { proposal: proposal({ status: 'accepted' }), split: {} } };
      },
    });
    renderApp('/admin/discoveries');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish ACMR to members?' });
    const d = within(dialog);
    expect(await d.findByText('$34.80 per account')).toBeInTheDocument();
    expect(d.getByText('1-for-30')).toBeInTheDocument();
    expect(d.getByText('Wed, Dec 2, 2026')).toBeInTheDocument();
    // The deadline members will read, with the halt of the listing.
    expect(d.getByText('Buy by 4:00 pm ET Wed Dec 2; halt 7:50 pm ET')).toBeInTheDocument();
    expect(d.getByText('New reverse split: ACMR 30:1')).toBeInTheDocument();
    expect(d.getByText(/SMS: RoundUp: New reverse split: ACMR 30:1/)).toBeInTheDocument();
    // Nothing is published by opening the dialog.
    expect(apiCalls().some((x) => x.path === '/api/admin/discoveries/accept')).toBe(false);
    const publish = d.getByRole('button', { name: 'Publish to members' });
    await userEvent.dblClick(publish);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(accepts).toBe(1);
    expect(apiCalls().find((x) => x.path === '/api/admin/discoveries/accept')?.body).toEqual({ id: proposal()._id });
  });

  it('the confirm step lists why the server would refuse and keeps Publish off', async () => {
    const { apiCalls } = asAdmin({
      'GET /api/admin/discoveries?status=open': list([proposal()]),
      'POST /api/admin/discoveries/preview': {
        data: preview({
          split: { ...preview().split, price: 0, estProfit: 0, buyDate: '2026-11-28' },
          alert: null,
          problems: [
            {
              path: 'price',
              msg: 'The price is missing or $0: members would read an estimated profit of $0.00. Enter the share price.',
            },
            { path: 'buyDate', msg: 'Buy-by date Nov 28, 2026 is a Saturday, not a trading day' },
          ],
        }),
      },
    });
    renderApp('/admin/discoveries');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish ACMR to members?' });
    const problems = await within(dialog).findByTestId('accept-problems');
    expect(problems).toHaveTextContent('members would read an estimated profit of $0.00');
    expect(problems).toHaveTextContent('Nov 28, 2026 is a Saturday, not a trading day');
    expect(within(dialog).getByRole('button', { name: 'Publish to members' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(apiCalls().some((x) => x.path === '/api/admin/discoveries/accept')).toBe(false);
  });

  it('edit-then-accept sends the corrected fields; reject asks for a reason', async () => {
    const { apiCalls } = asAdmin({
      'GET /api/admin/discoveries?status=open': list([proposal()]),
      'POST /api/admin/discoveries/preview': { data: preview() },
      'POST /api/admin/discoveries/accept': { data: { proposal: proposal({ status: 'accepted' }), split: {} } },
      'POST /api/admin/discoveries/reject': { data: { proposal: proposal({ status: 'rejected' }) } },
    });
    renderApp('/admin/discoveries');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit, then accept' }));
    const form = screen.getByRole('form', { name: /Edit Acme Robotics/ });
    await userEvent.type(within(form).getByLabelText('Price'), '1.25');
    await userEvent.click(within(form).getByRole('button', { name: 'Review and publish…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Publish to members' }));
    await waitFor(() => expect(apiCalls().some((x) => x.path === '/api/admin/discoveries/accept')).toBe(true));
    expect(apiCalls().find((x) => x.path === '/api/admin/discoveries/accept')?.body).toEqual({
      id: proposal()._id,
      edits: {
        name: 'Acme Robotics, Inc.',
        ticker: 'ACMR',
        ratio: 20,
        effDate: '2026-12-03',
        buyDate: '2026-12-02',
        price: 1.25,
        status: 'Upcoming',
        rsType: 'Round Up',
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Reject…' }));
    const reject = screen.getByRole('form', { name: /Reject Acme Robotics/ });
    await userEvent.type(within(reject).getByLabelText(/Why is this wrong/), 'Cash for street-name holders');
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(apiCalls().find((x) => x.path === '/api/admin/discoveries/reject')?.body).toEqual({
        id: proposal()._id,
        reason: 'Cash for street-name holders',
      }),
    );
  });

  it('filters by status and says when discovery is off', async () => {
    asAdmin({
      'GET /api/admin/discoveries?status=open': { data: { ...list([]).data, enabled: false, lastRun: null } },
      'GET /api/admin/discoveries?status=rejected': list([proposal({ status: 'rejected', rejectReason: 'Wrong issuer' })]),
    });
    renderApp('/admin/discoveries');
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
    expect(screen.getByText(/SEC discovery is off: set SEC_USER_AGENT/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rejected' }));
    expect(await screen.findByText('Rejected: Wrong issuer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept…' })).not.toBeInTheDocument();
  });
});
