import { REF_ID_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@roundup/shared/api';
import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockFetch, renderApp } from '../../test/utils';

describe('/login', () => {
  it('shows only the first server message and removes the stored token', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    mockFetch({
      'GET /api/auth/me': { status: 401, errors: [{ msg: 'Session expired' }] },
      'POST /api/auth/login': { status: 401, errors: [{ msg: 'Invalid email or password' }, { msg: 'Second message' }] },
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'a@b.co');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(screen.queryByText('Second message')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // Nothing is at fault in a field: focus goes to the message.
    expect(alert).toHaveFocus();
  });

  it('says what is missing beside both fields without calling the server', async () => {
    const { apiCalls } = mockFetch();
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(apiCalls().filter((c) => c.path === '/api/auth/login')).toHaveLength(0);
  });

  it('stores the token, signs in and goes to /reverse-splits', async () => {
    mockFetch({ 'POST /api/auth/login': { data: { user: makeUser({ username: 'robin' }), token: 'new-token' } } });
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'robin@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reverse-splits'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    expect(await screen.findByRole('button', { name: 'robin' })).toBeInTheDocument();
  });
});

describe('/register', () => {
  async function fill() {
    await userEvent.type(await screen.findByLabelText('Username'), 'newbie');
    await userEvent.type(screen.getByLabelText('Email'), 'newbie@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a-long-password');
  }

  it('requires consent before calling the server', async () => {
    const { apiCalls } = mockFetch();
    renderApp('/register');
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Get Starter' }));
    const consent = screen.getByLabelText(/I am 18 or older/);
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription(/agree to the Terms of Service/);
    expect(consent).toHaveFocus();
    expect(apiCalls()).toHaveLength(0);
  });

  it('shows every problem at once beside its field and focuses the first', async () => {
    const { apiCalls } = mockFetch();
    renderApp('/register');
    await userEvent.type(await screen.findByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Get Starter' }));
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription(/Username must be 3–30 letters/);
    expect(username).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Password must be at least 8 characters/);
    expect(screen.getByLabelText(/I am 18 or older/)).toHaveAccessibleDescription(/agree to the Terms of Service/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(apiCalls()).toHaveLength(0);
    // Correcting a field clears its message only.
    await userEvent.type(username, 'newbie');
    expect(username).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a server problem that names a field beside that field', async () => {
    mockFetch({
      'POST /api/auth/register': {
        status: 400,
        errors: [
          { msg: 'email: Invalid email', path: 'email' },
          { msg: 'Registration is paused', path: undefined },
        ],
      },
    });
    renderApp('/register');
    await fill();
    await userEvent.click(screen.getByLabelText(/I am 18 or older/));
    await userEvent.click(screen.getByRole('button', { name: 'Get Starter' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Registration is paused');
  });

  it.each([
    ['Get Starter', '/learn'],
    ['Get PRO', '/upgrade/pro'],
    ['Get Lifetime', '/upgrade/lifetime'],
  ])('%s registers with the stored refId and goes to %s', async (button, target) => {
    window.localStorage.setItem(REF_ID_STORAGE_KEY, 'friend42');
    const { apiCalls } = mockFetch({ 'POST /api/auth/register': { data: { user: makeUser(), token: 'reg-token' } } });
    const { router } = renderApp('/register');
    await fill();
    await userEvent.click(screen.getByLabelText(/I am 18 or older/));
    await userEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    expect(apiCalls().find((c) => c.path === '/api/auth/register')?.body).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'a-long-password',
      refId: 'friend42',
      consent: true,
    });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('reg-token');
  });

  it('/register/premium preselects PRO and shows the first server error', async () => {
    mockFetch({ 'POST /api/auth/register': { status: 409, errors: [{ msg: 'That username is taken' }, { msg: 'x' }] } });
    renderApp('/register/premium');
    expect(await screen.findByRole('button', { name: 'Get PRO' })).toHaveClass('btn-primary');
    expect(await screen.findByRole('button', { name: 'Get Starter' })).toHaveClass('btn-outline-primary');
    await fill();
    await userEvent.click(screen.getByLabelText(/I am 18 or older/));
    await userEvent.click(screen.getByRole('button', { name: 'Get PRO' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That username is taken');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('/reset-password/:passcode', () => {
  it('says "Passwords do not match" without calling the API', async () => {
    const { apiCalls } = mockFetch();
    renderApp('/reset-password/abc123');
    await userEvent.type(await screen.findByLabelText('New password'), 'first-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'other-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    const confirm = screen.getByLabelText('Confirm new password');
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(confirm).toHaveFocus();
    expect(apiCalls()).toHaveLength(0);
  });

  it('sends the passcode and links to /login on success', async () => {
    const { apiCalls } = mockFetch({ 'POST /api/users/reset-password': { data: { ok: true } } });
    renderApp('/reset-password/abc123');
    await userEvent.type(await screen.findByLabelText('New password'), 'first-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'first-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(apiCalls()[0].body).toEqual({ password: 'first-password', password_reset_code: 'abc123' });
  });
});

describe('/verify-email/:emailCode', () => {
  it('validates once and signs in on success', async () => {
    const { apiCalls } = mockFetch({
      'POST /api/users/validate-email': { data: { user: makeUser(), token: 'verified-token' } },
    });
    const { router } = renderApp('/verify-email/code-9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reverse-splits'));
    expect(apiCalls().filter((c) => c.path === '/api/users/validate-email')).toHaveLength(1);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('verified-token');
  });

  it('goes home without error UI when the code is bad', async () => {
    mockFetch({ 'POST /api/users/validate-email': { status: 400, errors: [{ msg: 'Invalid code' }] } });
    const { router } = renderApp('/verify-email/bad');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByText('Invalid code')).not.toBeInTheDocument());
  });
});
