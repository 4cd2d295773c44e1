import { describe, expect, it } from 'vitest';
import { tokenMayCall } from './rules';

describe('tokenMayCall', () => {
  it.each<[string, ('read:splits' | 'write:trades')[], string, string, boolean]>([
    ['read the calendar', ['read:splits'], 'GET', '/api/rs', true],
    ['HEAD is a read', ['read:splits'], 'HEAD', '/api/rs', true],
    ['record fills', ['write:trades'], 'POST', '/api/trades/bulk', true],
    ['list accounts to record fills', ['write:trades'], 'GET', '/api/accounts/mine', true],
    ['a read token cannot write', ['read:splits'], 'POST', '/api/trades/bulk', false],
    ['a write token cannot read the calendar', ['write:trades'], 'GET', '/api/rs', false],
    ['both scopes', ['read:splits', 'write:trades'], 'GET', '/api/rs', true],
    ['never the profile', ['read:splits', 'write:trades'], 'GET', '/api/auth/me', false],
    ['never tokens', ['read:splits', 'write:trades'], 'POST', '/api/tokens', false],
    ['never billing', ['read:splits', 'write:trades'], 'POST', '/api/subs/cancel-subscription', false],
    ['never admin', ['read:splits', 'write:trades'], 'POST', '/api/rs/add', false],
    ['never single-trade edits', ['write:trades'], 'POST', '/api/trades/edit', false],
    ['no route', ['read:splits'], 'GET', '', false],
  ])('%s', (_name, scopes, method, url, want) => {
    expect(tokenMayCall(scopes, method, url || undefined)).toBe(want);
  });
});
