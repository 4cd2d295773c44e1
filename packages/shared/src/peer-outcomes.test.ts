import { describe, expect, it } from 'vitest';
import {
  listedPeerBrokers,
  mayBeOwedShares,
  mostReceived,
  peerBrokerLine,
  peerWindowOpen,
  type PeerBroker,
} from './peer-outcomes';

const b = (broker: string, members: number, counts: Partial<PeerBroker> = {}): PeerBroker => ({
  broker,
  received: 0,
  cashInLieu: 0,
  pending: 0,
  nothing: 0,
  fractionKept: 0,
  clawedBack: 0,
  members,
  ...counts,
});

describe('which brokers are listed (at least 3 members)', () => {
  it.each([
    [0, false],
    [1, false],
    [2, false],
    [3, true],
    [10, true],
  ])('a broker with %i members is listed: %s', (members, listed) => {
    expect(listedPeerBrokers([b('Schwab', members)]).length).toBe(listed ? 1 : 0);
  });

  it('lists the brokers with the most members first, then by name', () => {
    const rows = [b('Webull', 3), b('Fidelity', 5), b('Alpaca', 3), b('Tiny', 2)];
    expect(listedPeerBrokers(rows).map((r) => r.broker)).toEqual(['Fidelity', 'Alpaca', 'Webull']);
  });
});

describe('the window while a split is happening (decision 027)', () => {
  it.each([
    ['Upcoming', '2026-12-14', '2026-11-01', true],
    ['Complete', '2026-12-14', '2026-12-14', true],
    ['Complete', '2026-12-14', '2027-01-04', true], // effective + 21 days
    ['Complete', '2026-12-14', '2027-01-05', false],
    ['Approved', '2026-12-14', '2026-12-01', false],
    ['Canceled', '2026-12-14', '2026-12-01', false],
  ])('%s, effective %s, today %s → open %s', (status, effDate, today, open) => {
    expect(peerWindowOpen({ status, effDate }, today)).toBe(open);
  });
});

describe('the line members read', () => {
  it.each([
    [b('Schwab', 5, { received: 7, cashInLieu: 1, pending: 2 }), 'Schwab: 7 received, 1 cash in lieu, 2 pending, from 5 members'],
    [b('Fidelity', 3, { received: 3 }), 'Fidelity: 3 received, from 3 members'],
    [b('Webull', 4, { nothing: 1, pending: 3 }), 'Webull: 0 received, 1 nothing credited, 3 pending, from 4 members'],
  ])('%o reads %s', (row, line) => {
    expect(peerBrokerLine(row)).toBe(line);
  });
});

describe('most members at a broker got the share (over half of the settled outcomes)', () => {
  it.each([
    [b('A', 5, { received: 7, cashInLieu: 1, pending: 9 }), true],
    [b('B', 4, { received: 2, cashInLieu: 2 }), false], // exactly half is not most
    [b('C', 4, { received: 2, cashInLieu: 1, nothing: 1 }), false],
    [b('D', 3, { received: 0, pending: 3 }), false], // nothing settled yet
    [b('E', 2, { received: 5, cashInLieu: 1 }), false], // below the threshold
  ])('%o → %s', (row, most) => {
    expect(mostReceived(row)).toBe(most);
  });
});

describe('cash in lieu where most received the share: the broker may owe the member one', () => {
  const listed = [b('Schwab', 5, { received: 7, cashInLieu: 1 }), b('Webull', 4, { received: 1, cashInLieu: 3 })];
  it.each([
    ['Schwab', true],
    ['Webull', false], // most got cash there too
    ['Fidelity', false], // not listed (below the threshold)
  ])('cash in lieu at %s → note %s', (broker, noted) => {
    expect(mayBeOwedShares([{ broker, accounts: 1 }], listed).length).toBe(noted ? 1 : 0);
  });
});

describe('the outcomes after the split count as settled', () => {
  it('names fractions kept and shares clawed back in the line', () => {
    expect(peerBrokerLine(b('Public', 4, { received: 1, fractionKept: 3, clawedBack: 2, pending: 1 }))).toBe(
      'Public: 1 received, 3 fraction kept, 2 clawed back, 1 pending, from 4 members',
    );
  });

  it('a broker where most members kept a fraction or lost the share did not mostly round up', () => {
    expect(mostReceived(b('Public', 3, { received: 2, fractionKept: 3 }))).toBe(false);
    expect(mostReceived(b('Robinhood', 3, { received: 3, clawedBack: 2 }))).toBe(true);
    expect(mostReceived(b('SoFi', 3, { received: 2, clawedBack: 2 }))).toBe(false);
  });
});
