import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, RETRY_503 } from './api-client';

/** Safe retries (decision 048): the client's Idempotency-Key and its retries of a 503. */
const ok = (data: unknown) => new Response(JSON.stringify({ data, errors: [] }), { status: 200 });
const unavailable = () =>
  new Response(JSON.stringify({ data: null, errors: [{ msg: 'The service is briefly unavailable.' }] }), {
    status: 503,
    headers: { 'retry-after': '3' },
  });

function stubFetch(...answers: (() => Response)[]) {
  const fetch = vi.fn(async () => (answers.shift() ?? (() => ok(null)))());
  vi.stubGlobal('fetch', fetch);
  const keys = () =>
    fetch.mock.calls.map((c) => new Headers((c as unknown as [string, RequestInit])[1].headers).get('idempotency-key'));
  return { fetch, keys };
}

describe('the api client and Idempotency-Key', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a write again after a 503 with the same key, and answers the write that landed', async () => {
    const { fetch, keys } = stubFetch(unavailable, unavailable, () => ok({ trade: { _id: 't1' } }));
    const answer = api.post('/api/trades/add', { newTrade: {} });
    await vi.runAllTimersAsync();
    await expect(answer).resolves.toEqual({ trade: { _id: 't1' } });
    expect(fetch).toHaveBeenCalledTimes(3);
    const sent = keys();
    expect(sent[0]).toMatch(/^[\x21-\x7e]{16,255}$/);
    expect(new Set(sent).size).toBe(1);
  });

  it('gives up after a bounded number of tries and shows the 503', async () => {
    const { fetch } = stubFetch(...Array.from({ length: 10 }, () => unavailable));
    const answer = api.post('/api/tokens', { name: 'x', scopes: [] }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const err = await answer;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
    expect(fetch).toHaveBeenCalledTimes(RETRY_503.retries + 1);
  });

  it('uses a new key for each new request', async () => {
    const { keys } = stubFetch(
      () => ok({}),
      () => ok({}),
    );
    await api.post('/api/accounts/add', {});
    await api.post('/api/accounts/add', {});
    const [a, b] = keys();
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it('sends no key, and does not retry, where the server takes none', async () => {
    const { fetch, keys } = stubFetch(unavailable, () => ok({}));
    await expect(api.post('/api/auth/login', {})).rejects.toMatchObject({ status: 503 });
    expect(keys()).toEqual([null]);
    await api.get('/api/rs');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not retry a refusal', async () => {
    const refused = () => new Response(JSON.stringify({ data: null, errors: [{ msg: 'No.' }] }), { status: 409 });
    const { fetch } = stubFetch(refused);
    await expect(api.post('/api/trades/edit', {})).rejects.toMatchObject({ status: 409 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
