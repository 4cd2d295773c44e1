import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';

const token = {
  _id: 't1',
  name: 'Order bot',
  scopes: ['write:trades'],
  prefix: 'rut_AbCdEf',
  createdDate: '2026-11-20T15:00:00.000Z',
  lastUsedDate: null,
};

describe('Settings › API tokens', () => {
  it('creates a token, shows its secret once, and revokes', async () => {
    storeToken();
    const { calls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
      'GET /api/tokens': { data: { tokens: [] } },
      'POST /api/tokens': { data: { token, secret: 'rut_secretsecretsecretsecretsecretsecretsecret12' } },
      'POST /api/tokens/revoke': { data: { tokens: [] } },
    });
    renderApp('/settings/tokens');
    expect(await screen.findByText('No tokens yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Order bot');
    await userEvent.click(screen.getByLabelText('Read splits'));
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByLabelText('New token')).toHaveValue('rut_secretsecretsecretsecretsecretsecretsecret12');
    expect(screen.getByText(/it is not shown again/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/tokens')?.body).toEqual({
      name: 'Order bot',
      scopes: ['write:trades', 'read:splits'],
    });
  });

  it('lists tokens without secrets and revokes one', async () => {
    storeToken();
    const { calls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
      'GET /api/tokens': { data: { tokens: [token] } },
      'POST /api/tokens/revoke': { data: { tokens: [] } },
    });
    renderApp('/settings/tokens');
    const item = (await screen.findByText('Order bot')).closest('li')!;
    expect(within(item).getByText('rut_AbCdEf…')).toBeInTheDocument();
    expect(item).toHaveTextContent('Write trades · created Nov 20, 2026 10:00 AM ET · last used never');
    await userEvent.click(within(item).getByRole('button', { name: 'Revoke Order bot' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/tokens/revoke')).toBe(true));
    expect(await screen.findByText('No tokens yet.')).toBeInTheDocument();
  });

  it('tells a Starter member that tokens are part of Pro', async () => {
    storeToken();
    const { calls } = mockFetch({ 'GET /api/auth/me': { data: { user: makeUser({ role: 'User' }) } } });
    renderApp('/settings/tokens');
    expect(await screen.findByText('API tokens are part of Pro.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/tokens')).toBe(false);
  });
});
