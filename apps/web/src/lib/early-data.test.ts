import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_DATA_FRESH_MS, settleEarlyResponses, takeEarlyResponse, takeSettledAnswer } from './early-data';

const answer = () => Promise.resolve(new Response('{"data":{},"errors":[]}'));

describe('the answers the early script asked for', () => {
  afterEach(() => {
    delete window.__roundupEarly;
  });

  it.each([
    ['taken once, by the first GET of its path', 'tok', 0, [true, false]],
    ['never for another session', 'other', 0, [false, false]],
    ['never without a session', null, 0, [false, false]],
    ['never once stale', 'tok', EARLY_DATA_FRESH_MS + 1, [false, false]],
  ] as const)('%s', (_, token, age, expected) => {
    window.__roundupEarly = { token: 'tok', at: 1_000, responses: { '/api/rs': answer() } };
    const takes = [0, 1].map(() => takeEarlyResponse('/api/rs', token, 1_000 + age) !== undefined);
    expect(takes).toEqual(expected);
  });

  it('answers nothing for a path it did not ask for, or when the script did not run', () => {
    expect(takeEarlyResponse('/api/rs', 'tok')).toBeUndefined();
    window.__roundupEarly = { token: 'tok', at: Date.now(), responses: { '/api/rs': answer() } };
    expect(takeEarlyResponse('/api/brokers', 'tok')).toBeUndefined();
  });
});

describe('the early answers read before the first render', () => {
  afterEach(() => {
    delete window.__roundupEarly;
  });
  const envelope = (data: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify({ data, errors: [] }), { status }));

  it('keeps the body of each 2xx answer, taken once; a failed one is left for the GET that asks', async () => {
    window.__roundupEarly = {
      token: 'tok',
      at: 1_000,
      responses: { '/api/rs': envelope({ splits: [] }), '/api/site': envelope(null, 500) },
    };
    await settleEarlyResponses(10_000);
    expect(takeSettledAnswer('/api/rs', 'tok', 1_000)?.text).toBe('{"data":{"splits":[]},"errors":[]}');
    // Taken: neither the body nor the response is handed out again.
    expect(takeSettledAnswer('/api/rs', 'tok', 1_000)).toBeUndefined();
    expect(takeEarlyResponse('/api/rs', 'tok', 1_000)).toBeUndefined();
    // The 500 is not settled: the app's GET takes the response itself and shows its error as always.
    expect(takeSettledAnswer('/api/site', 'tok', 1_000)).toBeUndefined();
    expect((await takeEarlyResponse('/api/site', 'tok', 1_000))?.status).toBe(500);
  });

  it('leaves a response that is taken whole still readable, and never settles for another session or when stale', async () => {
    window.__roundupEarly = { token: 'tok', at: 1_000, responses: { '/api/rs': envelope({ splits: [1] }) } };
    await settleEarlyResponses(10_000);
    expect(takeSettledAnswer('/api/rs', 'other', 1_000)).toBeUndefined();
    expect(takeSettledAnswer('/api/rs', 'tok', 1_000 + EARLY_DATA_FRESH_MS + 1)).toBeUndefined();
    const response = await takeEarlyResponse('/api/rs', 'tok', 1_000);
    expect(await response?.json()).toEqual({ data: { splits: [1] }, errors: [] });
    expect(takeSettledAnswer('/api/rs', 'tok', 1_000)).toBeUndefined();
  });

  it('does not wait past its limit for an answer still on its way', async () => {
    window.__roundupEarly = { token: 'tok', at: 1_000, responses: { '/api/rs': new Promise<Response>(() => {}) } };
    await settleEarlyResponses(0);
    expect(takeSettledAnswer('/api/rs', 'tok', 1_000)).toBeUndefined();
    expect(takeEarlyResponse('/api/rs', 'tok', 1_000)).toBeInstanceOf(Promise);
  });
});
