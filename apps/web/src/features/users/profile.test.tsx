import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';

afterEach(() => {
  vi.useRealTimers();
});

async function tick(seconds: number) {
  for (let i = 0; i < seconds; i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
  }
}

/** A Pro member whose notification changes the server saves as sent. */
const proSavingNotifications = () =>
  mockFetch({
    'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
    'POST /api/users/update-self': (body) => ({
      data: {
        user: makeUser({
          role: 'Pro',
          notifications: { ...makeUser().notifications, ...(body as { notifications: object }).notifications },
        }),
      },
    }),
  });

/** What the settings page sent to update-self, in order. */
const updates = (apiCalls: ReturnType<typeof mockFetch>['apiCalls']) =>
  apiCalls()
    .filter((c) => c.path === '/api/users/update-self')
    .map((c) => c.body);

describe('Profile: personal info, notifications, phone', () => {
  it('saves a notification toggle right after it changes, never on load', async () => {
    storeToken();
    const { apiCalls } = proSavingNotifications();
    renderApp('/settings');
    const sms = await screen.findByRole('checkbox', { name: /^SMS/ });
    expect(apiCalls().filter((c) => c.path === '/api/users/update-self')).toHaveLength(0);
    await userEvent.click(sms);
    await waitFor(() => expect(updates(apiCalls)).toEqual([{ notifications: { rsaSMS: true } }]));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /^SMS/ })).toBeChecked();
  });

  it('edits personal info (username still sent, never editable) and lists server messages', async () => {
    storeToken();
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser() } },
      'POST /api/users/update-self': {
        status: 400,
        errors: [{ msg: 'That phone number is not valid.' }, { msg: 'Second problem' }],
      },
    });
    renderApp('/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('Username')).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Phone'), '+1 555');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That phone number is not valid.')).toBeInTheDocument();
    expect(await screen.findByText('Second problem')).toBeInTheDocument();
    expect(apiCalls().find((c) => c.path === '/api/users/update-self')?.body).toEqual({
      username: 'casey',
      email: 'casey@example.com',
      phone: '+1 555',
    });
  });

  it('asks for the current password to change the email and says a link was sent to the new address', async () => {
    storeToken();
    const sent =
      'We sent a verification link to new@example.com. Your email changes once you open it; until then we keep using your current address.';
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser() } },
      'POST /api/users/update-self': { data: { user: makeUser({ pending_email: 'new@example.com' }), msg: sent } },
    });
    renderApp('/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const email = await screen.findByRole('textbox', { name: 'Email' });
    const form = within(email.closest('form')!);
    expect(form.queryByLabelText('Current password')).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    await userEvent.type(form.getByLabelText('Current password'), 'my current pass');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(sent);
    expect(apiCalls().find((c) => c.path === '/api/users/update-self')?.body).toEqual({
      username: 'casey',
      email: 'new@example.com',
      phone: null,
      password: 'my current pass',
    });
    expect(screen.getByTestId('pending-email')).toHaveTextContent('Changing to new@example.com');
    expect(screen.getByText('casey@example.com')).toBeInTheDocument();
  });

  it('flags a bad email and a missing current password together, beside their fields, before calling the server', async () => {
    storeToken();
    const { apiCalls } = mockFetch({ 'GET /api/auth/me': { data: { user: makeUser() } } });
    renderApp('/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    const form = within(email.closest('form')!);
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(email).toHaveAccessibleDescription(/^Please enter a valid email address/);
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription(
      /^Enter your current password to change your email\./,
    );
    expect(email).toHaveFocus();
    expect(apiCalls().filter((c) => c.path === '/api/users/update-self')).toHaveLength(0);
  });

  it('keeps this tab signed in with the fresh token a password change hands back', async () => {
    storeToken();
    const fresh = 'F'.repeat(43);
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser() } },
      'POST /api/users/update-self': { data: { user: makeUser(), token: fresh } },
    });
    renderApp('/settings');
    await userEvent.type(await screen.findByLabelText('Current password'), 'old-password');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Your password has been updated.')).toBeInTheDocument();
    expect(localStorage.getItem('roundup.token')).toBe(fresh);
  });

  it('validates a phone: code entry, 59 s countdown, New Code, then Max Attempts Reached!', async () => {
    storeToken();
    let sent = 0;
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ phone: '+14155550132' }) } },
      'GET /api/users/send-sms-otp': () => {
        sent += 1;
        return { data: { sent: true } };
      },
      'POST /api/users/verify-otp': (body) =>
        (body as { otp: string }).otp === '123456'
          ? { data: { phone_validated: true } }
          : { status: 400, errors: [{ msg: 'That code is not correct.' }] },
      'GET /api/users/self': { data: { user: makeUser({ phone: '+14155550132', phone_validated: true }) } },
    });
    renderApp('/settings');
    const validate = await screen.findByRole('button', { name: 'Validate Phone' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(validate);
    expect(await screen.findByText(/You can ask for a new code in 59 s/)).toBeInTheDocument();
    for (let round = 0; round < 2; round += 1) {
      await tick(59);
      fireEvent.click(await screen.findByRole('button', { name: 'New Code' }));
      await screen.findByText(/in 59 s/);
    }
    await tick(59);
    expect(await screen.findByText('Max Attempts Reached!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New Code' })).toBeNull());
    expect(sent).toBe(3);
    vi.useRealTimers();

    fireEvent.change(screen.getByLabelText(/6-digit code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Validated')).toBeInTheDocument();
    expect(apiCalls().find((c) => c.path === '/api/users/verify-otp')?.body).toEqual({ otp: '123456' });
  });

  it('after a reload while a code is on its way, offers the field for the code already texted, sending none', async () => {
    storeToken();
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ phone: '+14155550132' }) } },
      'GET /api/users/phone-code': { data: { pending: true, codesSent: 2, resendSeconds: 41 } },
      'POST /api/users/verify-otp': { data: { phone_validated: true } },
      'GET /api/users/self': { data: { user: makeUser({ phone: '+14155550132', phone_validated: true }) } },
    });
    renderApp('/settings');
    const field = await screen.findByLabelText(/Enter the 6-digit code we texted you/);
    expect(screen.queryByRole('button', { name: 'Validate Phone' })).toBeNull();
    expect(screen.getByText(/You can ask for a new code in 4\d s/)).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Validated')).toBeInTheDocument();
    expect(apiCalls().some((c) => c.path === '/api/users/send-sms-otp')).toBe(false);
  });

  it('saves the time zone deadlines are also shown in, and shows how one will read', async () => {
    storeToken();
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
      'POST /api/users/update-self': (body) => ({
        data: { user: makeUser({ role: 'Pro', timeZone: (body as { timeZone: string }).timeZone }) },
      }),
    });
    renderApp('/settings');
    const select = await screen.findByRole('combobox', { name: 'Your time zone' });
    expect(select).toHaveValue('America/New_York');
    expect(screen.getByTestId('time-zone-example')).toHaveTextContent(
      /For example, a Nasdaq split reads: Buy by \d+:\d\d pm ET \w{3}/,
    );
    await userEvent.selectOptions(select, 'America/Chicago');
    expect(screen.getByTestId('time-zone-example')).toHaveTextContent(/pm ET \(\d+:\d\d [ap]m CT\)/);
    await userEvent.click(screen.getByRole('button', { name: 'Set time zone' }));
    await waitFor(() =>
      expect(
        apiCalls()
          .filter((c) => c.path === '/api/users/update-self')
          .map((c) => c.body),
      ).toEqual([{ timeZone: 'America/Chicago' }]),
    );
    expect(await screen.findByRole('button', { name: 'Set time zone' })).toBeDisabled();
  });

  it('lets a Pro member choose the buy-day reminders: at the open, an hour before the close', async () => {
    storeToken();
    const { apiCalls } = proSavingNotifications();
    renderApp('/settings');
    const open = await screen.findByRole('checkbox', { name: /^At the open/ });
    const close = screen.getByRole('checkbox', { name: /^An hour before the close/ });
    expect(open).toBeChecked();
    expect(close).toBeChecked();
    await userEvent.click(open);
    await waitFor(() => expect(updates(apiCalls)).toEqual([{ notifications: { buyReminderOpen: false } }]));
    // Both wait on buy reminders themselves being on.
    await userEvent.click(screen.getByRole('checkbox', { name: /^Buy reminders/ }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /^An hour before the close/ })).toBeDisabled());
  });

  it('lets a Pro member opt in to the weekly reconciliation digest (off until they do)', async () => {
    storeToken();
    const { apiCalls } = proSavingNotifications();
    renderApp('/settings');
    const digest = await screen.findByRole('checkbox', { name: /^Weekly reconciliation digest/ });
    expect(digest).not.toBeChecked();
    expect(digest).toHaveAccessibleName(expect.stringContaining('Mondays by email'));
    await userEvent.click(digest);
    await waitFor(() => expect(updates(apiCalls)).toEqual([{ notifications: { reconcileDigest: true } }]));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Weekly reconciliation digest/ })).toBeChecked();
  });
});
