import { describe, expect, it } from 'vitest';
import { normalizePath } from './path-normalize';

describe('normalizePath', () => {
  it.each([
    ['/%61pi/users/self', '/api/users/self'],
    ['/%61%70%69/users/self', '/api/users/self'],
    ['/%41PI/x', '/API/x'],
    ['/api/%7euser%2d1%2E%5F', '/api/~user-1._'],
    ['/%61pi/rs?q=%61&x=%2F', '/api/rs?q=%61&x=%2F'],
  ])('%s → %s', (input, output) => expect(normalizePath(input)).toBe(output));

  it.each(['/api%2Fusers/self', '/%2561pi/users', '/api/a%20b', '/api/%00', '/api/%zz', '/api/%', '/plain/path', '/'])(
    'leaves %s as it is',
    (input) => expect(normalizePath(input)).toBe(input),
  );
});
