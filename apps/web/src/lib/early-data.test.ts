import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_DATA_FRESH_MS, takeEarlyResponse } from './early-data';

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
