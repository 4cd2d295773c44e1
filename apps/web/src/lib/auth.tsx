import type { AuthResponse, PublicUser } from '@roundup/shared';
import { TOKEN_STORAGE_KEY } from '@roundup/shared/api';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { api, ApiError, firstErrorMessage } from './api-client';
import { startedPrerendered } from './prerendered';
import { clearToken, getToken, setRoleHint, setToken } from './session';

/**
 * The auth state machine of product.md#states:
 *   { data: user | null, error, loading }, starting in loading.
 *   stored token → GET /api/auth/me once → user (ok) or error (first msg); loading ends.
 *   no stored token → anonymous, not loading.
 */
export interface AuthState {
  data: PublicUser | null;
  error: string | null;
  loading: boolean;
  /**
   * How many times the user signed in during this page load (login, register, setSession).
   * LoggedOutOnly uses it to tell "arrived signed in" from "signed in on this page".
   */
  signIns: number;
  /** True after the user logged out on this page load: signed-in-only pages then lead to /, not /login. */
  signedOut: boolean;
}

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  refId: string | null;
  consent: boolean;
}

export interface AuthContextValue extends AuthState {
  login(email: string, password: string): Promise<PublicUser>;
  register(input: RegisterInput): Promise<PublicUser>;
  logout(): Promise<void>;
  setSession(token: string, user: PublicUser): void;
  /** Replaces the user in memory (e.g. after a profile update). */
  setUser(user: PublicUser): void;
  refreshUser(): Promise<PublicUser | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function initialState(): AuthState {
  // A page rendered at build was rendered for an anonymous visitor: hydrate as one (below).
  const loading = !startedPrerendered() && getToken() !== null;
  // The session the page's early script already read: the first render is then the member's page, not a spinner.
  const user = loading ? api.early<{ user: PublicUser }>('/api/auth/me')?.user : undefined;
  if (user) return { data: user, error: null, loading: false, signIns: 0, signedOut: false };
  return { data: null, error: null, loading, signIns: 0, signedOut: false };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialState);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  // After hydrating a page rendered at build: a stored session loads as it would on any page,
  // before the browser paints (so the anonymous navigation is never shown to a signed-in member).
  useLayoutEffect(() => {
    if (startedPrerendered() && getToken() !== null) setState((s) => (s.data ? s : { ...s, loading: true }));
  }, []);

  // Whether the session came with the early answers: it is not asked for again.
  const [startedWithUser] = useState(() => state.data !== null);
  useEffect(() => {
    // Once per app load, even under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    if (!getToken() || startedWithUser) return; // anonymous: initialState() already says not loading
    api
      .get<{ user: PublicUser }>('/api/auth/me')
      .then(({ user }) => setState((s) => ({ ...s, data: user, error: null, loading: false })))
      .catch((error: unknown) => {
        // A revoked or expired token is useless: drop it. Keep it on network failures.
        if (error instanceof ApiError && error.status === 401) clearToken();
        setState((s) => ({ ...s, data: null, error: firstErrorMessage(error), loading: false }));
      });
  }, [startedWithUser]);

  // The next load's early requests (src/early-data.js) ask only for what this role may read.
  const role = state.data?.role;
  useEffect(() => {
    if (role) setRoleHint(role);
  }, [role]);

  // Signing out in another tab signs this one out too.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
      if (event.newValue === null) setState((s) => ({ ...s, data: null, error: null, loading: false }));
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setSession = useCallback((token: string, user: PublicUser) => {
    setToken(token);
    setState((s) => ({ ...s, data: user, error: null, loading: false, signIns: s.signIns + 1, signedOut: false }));
  }, []);

  const setUser = useCallback((user: PublicUser) => {
    setState((s) => ({ ...s, data: user, error: null }));
  }, []);

  /** Signs in through `path` (login or register) and keeps the session; a failure forgets any old token. */
  const signIn = useCallback(
    async (path: string, body: unknown) => {
      try {
        const { user, token } = await api.post<AuthResponse>(path, body);
        setSession(token, user);
        return user;
      } catch (error) {
        clearToken();
        throw error;
      }
    },
    [setSession],
  );
  const login = useCallback((email: string, password: string) => signIn('/api/auth/login', { email, password }), [signIn]);
  const register = useCallback((input: RegisterInput) => signIn('/api/auth/register', input), [signIn]);

  const logout = useCallback(async () => {
    if (getToken()) {
      // Revoke on the server; sign out locally whatever happens.
      await api.post('/api/auth/logout').catch(() => undefined);
    }
    clearToken();
    // React Router renders navigations in a transition, so the signed-in-only page may render
    // once more without a user: `signedOut` makes its guard lead to / rather than /login.
    setState((s) => ({ ...s, data: null, error: null, loading: false, signedOut: true }));
    queryClient.clear();
    await navigate('/');
  }, [navigate, queryClient]);

  const refreshUser = useCallback(async () => {
    if (!getToken()) {
      setState((s) => ({ ...s, data: null, error: null, loading: false }));
      return null;
    }
    try {
      const { user } = await api.get<{ user: PublicUser }>('/api/auth/me');
      setState((s) => ({ ...s, data: user, error: null, loading: false }));
      return user;
    } catch (error) {
      setState((s) => ({ ...s, data: null, error: firstErrorMessage(error), loading: false }));
      return null;
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, register, logout, setSession, setUser, refreshUser }),
    [state, login, register, logout, setSession, setUser, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/** The signed-in member's own time zone (their profile setting), or null outside a session or an AuthProvider. */
export function useMemberTimeZone(): string | null {
  return useContext(AuthContext)?.data?.timeZone ?? null;
}

/** The signed-in member's role, or null outside a session or an AuthProvider (components that only add to a page). */
export function useMemberRole(): string | null {
  return useContext(AuthContext)?.data?.role ?? null;
}
