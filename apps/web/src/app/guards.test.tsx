import { screen, waitFor } from '@testing-library/preact';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../test/utils';
import { AuthProvider } from '../lib/auth';
import { RequireBeyondStarter } from './guards';

function signedInAs(role: 'User' | 'Member' | 'Pro' | 'Admin') {
  storeToken();
  return mockFetch({ 'GET /api/auth/me': { data: { user: makeUser({ role, username: `the-${role.toLowerCase()}` }) } } });
}

describe('RequireUser', () => {
  it('shows "Spinner..." while the user is loading', async () => {
    storeToken();
    mockFetch({ 'GET /api/auth/me': () => new Promise(() => {}) });
    const { router } = renderApp('/settings');
    // The route's code and the guard each show a spinner, so the first one found may have been replaced by the
    // next: ask the page again for the one it shows while the user loads.
    await screen.findByText('Spinner...');
    await waitFor(() => expect(screen.getByText('Spinner...')).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('sends anonymous visitors to /login', async () => {
    mockFetch();
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows the page to signed-in users', async () => {
    signedInAs('User');
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });
});

describe('RequireAdmin', () => {
  it('sends anonymous visitors to /', async () => {
    mockFetch();
    const { router } = renderApp('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends non-admins to /reverse-splits', async () => {
    signedInAs('Pro');
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reverse-splits'));
  });

  it('shows the admin area to admins', async () => {
    signedInAs('Admin');
    const { router } = renderApp('/admin');
    // The admin layout's side navigation (page content belongs to the admin feature).
    expect(await screen.findByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });
});

describe('RequireBeyondStarter', () => {
  const tree: RouteObject[] = [
    {
      path: '/',
      element: (
        <AuthProvider>
          <Outlet />
        </AuthProvider>
      ),
      children: [
        { path: 'login', element: <p>login page</p> },
        { path: 'learn', element: <p>learn page</p> },
        { element: <RequireBeyondStarter />, children: [{ path: 'pro-area', element: <p>pro area</p> }] },
      ],
    },
  ];

  it('sends users with an auth error to /login', async () => {
    storeToken();
    mockFetch({ 'GET /api/auth/me': { status: 401, errors: [{ msg: 'Invalid session' }] } });
    renderApp('/pro-area', tree);
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('sends plain Users to /learn', async () => {
    signedInAs('User');
    renderApp('/pro-area', tree);
    expect(await screen.findByText('learn page')).toBeInTheDocument();
  });

  it.each(['Member', 'Pro', 'Admin'] as const)('shows the page to %s', async (role) => {
    signedInAs(role);
    renderApp('/pro-area', tree);
    expect(await screen.findByText('pro area')).toBeInTheDocument();
  });
});

describe('LoggedOutOnly', () => {
  it('sends signed-in users from /login to /reverse-splits', async () => {
    signedInAs('User');
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reverse-splits'));
  });

  it('shows /register to visitors', async () => {
    mockFetch();
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });
});
