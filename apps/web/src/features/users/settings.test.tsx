import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';
import { settingsTabFor } from './settings-tabs';

describe('settingsTabFor (product.md#screens Settings)', () => {
  it.each([
    ['accounts', 'accounts'],
    ['analytics', 'analytics'],
    ['affiliate', 'affiliate'],
    ['subscription', 'subscription'],
    ['tokens', 'tokens'],
    [undefined, 'profile'],
    ['settings', 'profile'],
    ['profile', 'profile'],
    ['Accounts', 'profile'],
    ['billing', 'profile'],
    ['', 'profile'],
  ])('%s → %s', (page, tab) => {
    expect(settingsTabFor(page)).toBe(tab);
  });
});

describe('settings page', () => {
  function signIn() {
    storeToken();
    return mockFetch({
      'GET /api/auth/me': { data: { user: makeUser() } },
      'POST /api/users/update-self': {
        status: 400,
        errors: [{ msg: 'Current password is incorrect' }, { msg: 'Password is too common' }],
      },
    });
  }

  it('shows the tab of the URL and sends a page view for each tab', async () => {
    const { calls } = signIn();
    const { router } = renderApp('/settings/subscription');
    // Tab bodies belong to their features; the shell marks the selected tab.
    const sidebar = await screen.findByRole('navigation', { name: 'Settings' });
    expect(await within(sidebar).findByRole('link', { name: 'Subscription' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(sidebar).getByRole('link', { name: 'Accounts' }));
    await waitFor(() => expect(within(sidebar).getByRole('link', { name: 'Accounts' })).toHaveAttribute('aria-current', 'page'));
    expect(await within(sidebar).findByRole('link', { name: 'Subscription' })).not.toHaveAttribute('aria-current');
    expect(router.state.location.pathname).toBe('/settings/accounts');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/pageviews').map((c) => (c.body as { path: string }).path)).toEqual([
        '/settings/subscription',
        '/settings/accounts',
      ]),
    );
  });

  it('shows Profile for an unknown page', async () => {
    signIn();
    renderApp('/settings/whatever');
    expect(await screen.findByRole('heading', { name: 'Update password' })).toBeInTheDocument();
    const sidebar = await screen.findByRole('navigation', { name: 'Settings' });
    expect(await within(sidebar).findByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });

  it('checks "Passwords do not match" before calling the API, and lists all server messages', async () => {
    const { apiCalls } = signIn();
    renderApp('/settings');
    await userEvent.type(await screen.findByLabelText('Current password'), 'old-password');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(apiCalls().some((c) => c.path === '/api/users/update-self')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(await screen.findByText('Password is too common')).toBeInTheDocument();
    expect(apiCalls().find((c) => c.path === '/api/users/update-self')?.body).toEqual({
      newPassword: 'new-password-1',
      password: 'old-password',
      revokeTokens: true,
    });
  });

  it('revokes the personal API tokens with the password unless the member unticks it', async () => {
    const { apiCalls } = signIn();
    renderApp('/settings');
    const box = await screen.findByRole('checkbox', { name: /Also revoke my personal API tokens/ });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(box).not.toBeChecked();
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() =>
      expect(apiCalls().find((c) => c.path === '/api/users/update-self')?.body).toEqual({
        newPassword: 'new-password-1',
        password: 'old-password',
        revokeTokens: false,
      }),
    );
  });
});
