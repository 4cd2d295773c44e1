import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';

describe('verify-your-email notice', () => {
  it('shows an unverified member where the link went; Resend sends one and counts the minute down', async () => {
    storeToken();
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ email_validated: false, email: 'new@example.com' }) } },
      'POST /api/users/resend-verification': { data: { msg: 'We sent a new link to new@example.com.', resendSeconds: 60 } },
    });
    renderApp('/settings');
    const notice = await screen.findByRole('region', { name: 'Verify your email' });
    expect(notice).toHaveTextContent('Open the link we sent to new@example.com');
    await userEvent.click(within(notice).getByRole('button', { name: 'Resend link' }));
    expect(await within(notice).findByRole('status')).toHaveTextContent('We sent a new link to new@example.com.');
    const button = within(notice).getByRole('button', { name: /Resend in \d+ s/ });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(apiCalls().filter((c) => c.path === '/api/users/resend-verification')).toHaveLength(1);
  });

  it('shows the server’s wait when it refuses, and nothing to a verified member', async () => {
    storeToken();
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ email_validated: false }) } },
      'POST /api/users/resend-verification': {
        status: 429,
        errors: [{ msg: 'We just sent a link. You can ask for another in 42 s.' }],
      },
    });
    renderApp('/settings');
    const notice = await screen.findByRole('region', { name: 'Verify your email' });
    await userEvent.click(within(notice).getByRole('button', { name: 'Resend link' }));
    expect(await within(notice).findByRole('alert')).toHaveTextContent('You can ask for another in 42 s.');
    expect(within(notice).getByRole('button', { name: /Resend in 4[12] s/ })).toBeDisabled();
  });

  it('is not shown to a verified member', async () => {
    storeToken();
    mockFetch({ 'GET /api/auth/me': { data: { user: makeUser() } } });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Update password' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
  });
});
