import { render, screen } from '@testing-library/preact';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../app/providers';
import { makeAccount, mockFetch, storeToken } from '../test/utils';
import { settleEarlyResponses } from './early-data';
import { useMyAccounts } from './my-accounts';

function Accounts() {
  const { data, isPending } = useMyAccounts();
  return <p>{isPending ? 'loading' : data?.accounts.map((a) => a.nickname).join(', ')}</p>;
}

// The app's own query client: its stale time decides whether a fresh early answer is asked for again.
const renderAccounts = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Accounts />
    </QueryClientProvider>,
  );

const early = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify({ data: body, errors: [] }), { status }));

describe('a query started with the early answer', () => {
  afterEach(() => {
    delete window.__roundupEarly;
  });

  it('draws its data in the first render and does not ask the server again', async () => {
    storeToken('tok');
    const { apiCalls } = mockFetch({ 'GET /api/accounts/mine': { data: { accounts: [], brokers: [] } } });
    const accounts = [makeAccount('00000000-0000-4000-8000-0000000000a1', 'Schwab IRA', 'Schwab')];
    window.__roundupEarly = {
      token: 'tok',
      at: Date.now(),
      responses: { '/api/accounts/mine': early({ accounts, brokers: [] }) },
    };
    await settleEarlyResponses(10_000);
    renderAccounts();
    expect(screen.getByText('Schwab IRA')).toBeInTheDocument();
    expect(await screen.findByText('Schwab IRA')).toBeInTheDocument();
    expect(apiCalls()).toEqual([]);
  });

  it('fetches as always when the early answer failed, showing what the server answers then', async () => {
    storeToken('tok');
    const accounts = [makeAccount('00000000-0000-4000-8000-0000000000a2', 'Fid Cash', 'Fidelity')];
    mockFetch({ 'GET /api/accounts/mine': { data: { accounts, brokers: [] } } });
    window.__roundupEarly = {
      token: 'tok',
      at: Date.now(),
      responses: { '/api/accounts/mine': Promise.reject(new Error('offline')) },
    };
    await settleEarlyResponses(10_000);
    renderAccounts();
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Fid Cash')).toBeInTheDocument();
  });
});
