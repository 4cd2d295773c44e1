import type { Account, PublicUser, RoundUpStatus } from '@roundup/shared';
import { TOKEN_STORAGE_KEY } from '@roundup/shared/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { routes as appRoutes } from '../app/router';

/**
 * Network-level fetch mock (product.md#tests: mock fetch, not our modules).
 * Keys are "METHOD /path"; a handler returns { status?, data?, errors? } or a function of the body.
 */
export interface MockReply {
  status?: number;
  data?: unknown;
  errors?: { msg: string; path?: string }[];
}
export type MockHandler = MockReply | ((body: unknown, init: RequestInit) => MockReply | Promise<MockReply>);

export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** What GET /api/site answers in component tests. */
export const TEST_SITE = {
  supportEmail: 'support@roundup.test',
  discord: false,
  discordInviteUrl: null,
  prices: {
    pro: { amount: 5000, currency: 'usd', interval: 'month' },
    lifetime: { amount: 49900, currency: 'usd', interval: null },
  },
};

export function mockFetch(handlers: Record<string, MockHandler> = {}) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, headers: (init.headers ?? {}) as Record<string, string> });
    const key = `${method} ${path}`;
    let handler = handlers[key];
    if (!handler && key === 'POST /api/pageviews') handler = { data: { ok: true } };
    // The site settings every page's footer reads (GET /api/site), unless a test says otherwise.
    if (!handler && key === 'GET /api/site') handler = { data: TEST_SITE };
    if (!handler) handler = { status: 404, errors: [{ msg: `No mock for ${key}` }] };
    const reply = typeof handler === 'function' ? await handler(body, init) : handler;
    const status = reply.status ?? 200;
    return new Response(JSON.stringify({ data: reply.data ?? null, errors: reply.errors ?? [] }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** Calls other than analytics page views and the site settings. */
  const apiCalls = () => calls.filter((c) => c.path !== '/api/pageviews' && c.path !== '/api/site');
  return { fetchMock, calls, apiCalls };
}

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    _id: 'u1',
    id: 'u1',
    username: 'casey',
    email: 'casey@example.com',
    phone: null,
    phone_validated: false,
    email_validated: true,
    role: 'User',
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    subscriptionTier: 'Starter',
    referrer: null,
    createdDate: '2025-01-05T12:00:00.000Z',
    last_login_date: null,
    memberSince: null,
    notifications: {
      rsa: true,
      upcomingRsa: true,
      buyReminderRsa: true,
      sellRsa: true,
      generalRsa: true,
      newsletter: true,
      rsaWhatsapp: false,
      rsaSMS: false,
      rsaEmail: true,
      buyReminderOpen: true,
      buyReminderClose: true,
      reconcileDigest: false,
      verdicts: true,
    },
    timeZone: 'America/New_York',
    ...overrides,
  };
}

export function storeToken(token = 'test-token') {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

/** Signed in as an admin ("boss") with these API answers besides GET /api/auth/me. */
export function asAdmin(handlers: Record<string, MockHandler> = {}) {
  storeToken();
  return mockFetch({ 'GET /api/auth/me': { data: { user: makeUser({ role: 'Admin', username: 'boss' }) } }, ...handlers });
}

/** Renders a component in a fresh query client (no retries) and a memory router. */
export function renderWithProviders(ui: ReactNode): RenderResult {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Mounts the real route tree (or the given routes) in a memory router at `path`. */
export function renderApp(path: string, routeTree: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routeTree, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

/** An account as GET /api/accounts/mine answers it, at a broker with this round-up status. */
export function makeAccount(
  id: string,
  nickname: string,
  broker: string,
  status: RoundUpStatus | null = null,
  active = true,
): Account {
  return {
    _id: id,
    userId: 'u1',
    brokerId: broker,
    broker,
    type: 'Individual Cash',
    nickname,
    tradeCount: 0,
    active,
    brokerRules: {
      minimumOrder: [],
      dayOneDelivery: null,
      roundUpStatus: status,
      roundUpStatusDate: null,
      roundUpStatusSource: null,
      returnsFraction: false,
      newAccountRestriction: null,
      reorgFeeCents: null,
    },
  };
}
