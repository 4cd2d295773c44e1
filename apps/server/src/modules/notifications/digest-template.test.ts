import { describe, expect, it } from 'vitest';
import { digestMessage } from './digest-template';

describe('the weekly digest after the split', () => {
  it('a share clawed back has its own section, and counts in the subject', () => {
    const m = digestMessage({
      clawedBack: [{ ticker: 'NEWT', broker: 'Schwab', accounts: 2 }],
      unsold: [],
      overdue: [],
      mayBeOwed: [],
    });
    expect(m.subject).toBe('Your week in RoundUp: 2 accounts to check');
    expect(m.lines).toContain('Shares clawed back this week (the broker took back a credited share):');
    expect(m.lines).toContain('- NEWT at Schwab: 2 accounts');
  });
});
