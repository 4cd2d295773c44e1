import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Proposal } from '@roundup/shared/discovery';
import { makeUser, mockFetch, renderApp, storeToken, type MockHandler } from '../../test/utils';

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

function asAdmin(handlers: Record<string, MockHandler>) {
  storeToken();
  return mockFetch({ 'GET /api/auth/me': { data: { user: makeUser({ role: 'Admin', username: 'boss' }) } }, ...handlers });
}

describe('admin discoveries page', () => {
  it('shows each proposal with its facts, the deciding sentence and what changed', async () => {
    asAdmin({ 'GET /api/admin/discoveries?status=open': list([proposal()]) });
    renderApp('/admin/discoveries');
    const card = (await screen.findByRole('heading', { name: /Acme Robotics, Inc\. \(ACMR\)/ })).closest('article')!;
    const c = within(card as HTMLElement);
    expect(c.getByText('Rounds up')).toBeInTheDocument();
    expect(c.getByText('1-for-20')).toBeInTheDocument();
    expect(c.getByText('Dec 2, 2026')).toBeInTheDocument();
    // The deadline members will read, with the halt of the exchange the filing names (issue 25 §3).
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

  it('accepts in one click and shows the server refusal when the proposal cannot become a split', async () => {
    const { apiCalls } = asAdmin({
      'GET /api/admin/discoveries?status=open': list([proposal({ ticker: null })]),
      'POST /api/admin/discoveries/accept': {
        status: 400,
        errors: [{ msg: 'The proposal cannot become a split as it is (ticker: Ticker is required). Edit it, then accept.' }],
      },
    });
    renderApp('/admin/discoveries');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(/cannot become a split as it is/)).toBeInTheDocument();
    expect(apiCalls().find((x) => x.path === '/api/admin/discoveries/accept')?.body).toEqual({ id: proposal()._id });
  });

  it('edit-then-accept sends the corrected fields; reject asks for a reason', async () => {
    const { apiCalls } = asAdmin({
      'GET /api/admin/discoveries?status=open': list([proposal()]),
      'POST /api/admin/discoveries/accept': { data: { proposal: proposal({ status: 'accepted' }), split: {} } },
      'POST /api/admin/discoveries/reject': { data: { proposal: proposal({ status: 'rejected' }) } },
    });
    renderApp('/admin/discoveries');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit, then accept' }));
    const form = screen.getByRole('form', { name: /Edit Acme Robotics/ });
    await userEvent.type(within(form).getByLabelText('Price'), '1.25');
    await userEvent.click(within(form).getByRole('button', { name: 'Accept and publish' }));
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
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
