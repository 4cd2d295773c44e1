import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { asAdmin, renderApp } from '../../test/utils';

/** The page-views panel above the list (features/pageviews) has nothing to show here. */
const summary = { from: '2025-01-05', to: '2025-01-05', days: [], totals: [], total: 0 };

/** A row of GET /api/users: user{i}, a Starter member. */
const row = (i: number) => ({
  _id: `u${i}`,
  id: `u${i}`,
  username: `user${i}`,
  email: `user${i}@example.com`,
  role: 'User',
  subscriptionTier: 'Starter',
  createdDate: '2025-01-05T12:00:00.000Z',
  last_login_date: null,
  disabled: false,
});

describe('admin users', () => {
  it('searches users by username or email', async () => {
    const user = { ...row(2), username: 'sam', email: 'sam@example.com' };
    const { apiCalls } = asAdmin({
      'GET /api/users': {
        data: {
          users: [user, { ...user, _id: 'u3', id: 'u3', username: 'pat', email: 'pat@example.com', role: 'Pro' }],
          total: 2,
          matched: 2,
          page: 1,
          pageSize: 50,
        },
      },
      'GET /api/users?q=sam': { data: { users: [user], total: 2, matched: 1, page: 1, pageSize: 50 } },
      'GET /api/pageviews/summary': { data: summary },
    });
    renderApp('/admin/users');
    expect(await screen.findByRole('link', { name: 'pat' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search users by username or email'), 'sam');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'pat' })).not.toBeInTheDocument());
    expect(apiCalls().some((c) => c.path === '/api/users?q=sam')).toBe(true);
  });
});

describe('admin: sign a user out everywhere', () => {
  const detail = {
    _id: 'u2',
    id: 'u2',
    username: 'sam',
    email: 'sam@example.com',
    role: 'Pro',
    subscriptionTier: 'Pro',
    createdDate: '2025-01-05T12:00:00.000Z',
    last_login_date: null,
    disabled: false,
    phone: null,
    phone_validated: false,
    email_validated: true,
    referrer: null,
    memberSince: null,
    grantedRole: null,
    activeSessions: 2,
    audit: [],
  };

  it.each([
    [true, '2 sessions and 3 API tokens revoked.'],
    [false, '2 sessions revoked; API tokens kept.'],
  ])('asks whether to revoke the API tokens too (checked by default); revokeTokens %s', async (revoke, message) => {
    const { apiCalls } = asAdmin({
      'GET /api/users/u2': { data: { user: detail } },
      'POST /api/users/revoke-sessions': { data: { revoked: 2, revokedTokens: revoke ? 3 : 0 } },
    });
    renderApp('/admin/users/u2');
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke all sessions' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('checkbox', { name: /Also revoke their personal API tokens/ });
    expect(box).toBeChecked();
    if (!revoke) await userEvent.click(box);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke sessions' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(apiCalls().find((c) => c.path === '/api/users/revoke-sessions')?.body).toEqual({ id: 'u2', revokeTokens: revoke });
  });
});

describe('admin users paging', () => {
  it('shows 50 per page and moves between pages', async () => {
    const { apiCalls } = asAdmin({
      'GET /api/users': {
        data: { users: Array.from({ length: 50 }, (_, i) => row(i)), total: 1234, matched: 1234, page: 1, pageSize: 50 },
      },
      'GET /api/users?page=2': {
        data: { users: Array.from({ length: 50 }, (_, i) => row(50 + i)), total: 1234, matched: 1234, page: 2, pageSize: 50 },
      },
      'GET /api/pageviews/summary': { data: summary },
    });
    renderApp('/admin/users');
    expect(await screen.findByText('Showing 1–50 of 1,234')).toBeInTheDocument();
    expect(await screen.findByText('Page 1 of 25')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'user50' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 51–100 of 1,234')).toBeInTheDocument();
    expect(apiCalls().some((c) => c.path === '/api/users?page=2')).toBe(true);
  });
});
