import { REF_ID_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@roundup/shared/api';
import { screen, waitFor } from '@testing-library/react';
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
    expect(await screen.findByRole('alert')).toHaveTextContent(/agree to the Terms of Service/);
    expect(apiCalls()).toHaveLength(0);
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
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
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
