import { TOKEN_STORAGE_KEY } from '@roundup/shared/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeUser, mockFetch, storeToken } from '../test/utils';
import { AuthProvider, useAuth } from './auth';
import { settleEarlyResponses } from './early-data';

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <output data-testid="state">
        {JSON.stringify({ user: auth.data?.username ?? null, error: auth.error, loading: auth.loading })}
      </output>
      <button type="button" onClick={() => void auth.logout()}>
        logout
      </button>
    </div>
  );
}

function renderAuth(path = '/somewhere') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      {
        path: '/somewhere',
        element: (
          <AuthProvider>
            <Probe />
          </AuthProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const state = () =>
  JSON.parse(screen.getByTestId('state').textContent ?? '{}') as { user: string | null; error: string | null; loading: boolean };

describe('auth state machine (product.md#states)', () => {
  it("starts signed in, asking nothing, when the page's early script already brought the session", async () => {
    storeToken('tok-123');
    const { calls } = mockFetch({ 'GET /api/auth/me': { data: { user: makeUser({ username: 'late' }) } } });
    const user = { user: makeUser({ username: 'early' }) };
    window.__roundupEarly = {
      token: 'tok-123',
      at: Date.now(),
      responses: { '/api/auth/me': Promise.resolve(new Response(JSON.stringify({ data: user, errors: [] }))) },
    };
    try {
      await settleEarlyResponses(10_000);
      renderAuth();
      // The first render already has the member: no spinner, then the page.
      expect(state()).toEqual({ user: 'early', error: null, loading: false });
      await act(() => Promise.resolve());
      expect(calls.some((c) => c.path === '/api/auth/me')).toBe(false);
    } finally {
      delete window.__roundupEarly;
    }
  });

  it('is anonymous and not loading without a stored token, and never calls /api/auth/me', () => {
    const { calls } = mockFetch();
    renderAuth();
    expect(state()).toEqual({ user: null, error: null, loading: false });
    expect(calls.some((c) => c.path === '/api/auth/me')).toBe(false);
  });

  it('starts loading with a token, fetches the user once with the bearer token, then sets it', async () => {
    storeToken('tok-123');
    let resolve!: () => void;
    const gate = new Promise<void>((r) => (resolve = r));
    const { calls } = mockFetch({
      'GET /api/auth/me': async () => {
        await gate;
        return { data: { user: makeUser({ username: 'pat' }) } };
      },
    });
    renderAuth();
    expect(state()).toEqual({ user: null, error: null, loading: true });
    await act(async () => resolve());
    await waitFor(() => expect(state()).toEqual({ user: 'pat', error: null, loading: false }));
    const me = calls.filter((c) => c.path === '/api/auth/me');
    expect(me).toHaveLength(1);
    expect(me[0].headers.Authorization).toBe('Bearer tok-123');
  });

  it('sets the first error message and ends loading when /api/auth/me fails', async () => {
    storeToken();
    mockFetch({
      'GET /api/auth/me': { status: 401, errors: [{ msg: 'Session expired' }, { msg: 'second' }] },
    });
    renderAuth();
    await waitFor(() => expect(state()).toEqual({ user: null, error: 'Session expired', loading: false }));
  });

  it('reports a clear message when the network is down', async () => {
    storeToken();
    const { fetchMock } = mockFetch();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderAuth();
    await waitFor(() => expect(state().loading).toBe(false));
    expect(state().error).toMatch(/could not reach roundup/i);
    // A network failure is not a revoked session: the token stays.
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('test-token');
  });

  it('logout revokes on the server, clears user and token, and goes to /', async () => {
    storeToken();
    const { calls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser() } },
      'POST /api/auth/logout': { data: { ok: true } },
    });
    const router = renderAuth();
    await waitFor(() => expect(state().user).toBe('casey'));
    await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
