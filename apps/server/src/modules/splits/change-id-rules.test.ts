import { describe, expect, it } from 'vitest';
import { missedChange, parseChangeId } from './change-id-rules';

describe('missedChange: does a reconnecting client need a resync?', () => {
  const current = 42;
  it.each<[string, string | string[] | undefined, boolean]>([
    ['no Last-Event-ID (a first connection)', undefined, false],
    ['the current id', '42', false],
    ['the current id, first of repeated headers', ['42', '7'], false],
    ['an older id (it missed a change)', '41', true],
    ['id 0 (connected before any change)', '0', true],
    ['a newer id (a replica that heard of a change first; a restored database)', '43', true],
    ['a millisecond timestamp from the clock-based ids', '1767225600000', true],
    ['a number with a sign', '+42', true],
    ['a number with a fraction', '42.0', true],
    ['a number with spaces', ' 42', true],
    ['hex', '0x2a', true],
    ['not a number', 'changed', true],
    ['empty', '', true],
    ['far too long', '9'.repeat(400), true],
    ['an empty header list', [], true],
  ])('%s', (_name, lastEventId, missed) => {
    expect(missedChange(lastEventId, current)).toBe(missed);
  });

  it('knows nothing was missed at 0 only when the client also says 0', () => {
    expect(missedChange('0', 0)).toBe(false);
    expect(missedChange('1', 0)).toBe(true);
  });
});

describe('parseChangeId', () => {
  it.each<[string | undefined | null, number | null]>([
    ['17', 17],
    ['0', 0],
    ['007', 7],
    ['999999999999999', 999_999_999_999_999],
    ['9999999999999999', null], // beyond 15 digits: not an id this database will reach, and not exact as a number
    ['changed', null],
    ['-1', null],
    ['1e3', null],
    ['', null],
    [undefined, null],
    [null, null],
  ])('%j → %j', (text, id) => {
    expect(parseChangeId(text)).toBe(id);
  });
});
