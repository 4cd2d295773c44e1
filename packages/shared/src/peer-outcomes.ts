import { z } from 'zod';
import { MEASURED_MIN_MEMBERS } from './brokers';
import { addDays } from './dates';

/**
 * What other members got on one split, per broker (Pro members and admins).
 * Only aggregates: never a user id, and no broker with fewer than MEASURED_MIN_MEMBERS members.
 */
export const peerBrokerSchema = z.object({
  broker: z.string(),
  received: z.number().int(),
  cashInLieu: z.number().int(),
  pending: z.number().int(),
  /** Outcomes recorded as "Nothing credited". */
  nothing: z.number().int(),
  /** Outcomes recorded as "Fraction kept": the broker credited part of a share. */
  fractionKept: z.number().int(),
  /** Outcomes recorded as "Clawed back": a credited share was taken back. */
  clawedBack: z.number().int(),
  /** Different members with a trade on this split at this broker. */
  members: z.number().int(),
});
export type PeerBroker = z.infer<typeof peerBrokerSchema>;

export const splitOutcomesSchema = z.object({
  /** False outside the window (decision 027): the list is then empty. */
  open: z.boolean(),
  brokers: z.array(peerBrokerSchema),
  /**
   * The caller's own cash-in-lieu trades on this split at a listed broker where most members
   * received the share (the broker may owe them one): broker name and how many of their accounts.
   */
  mayBeOwed: z.array(z.object({ broker: z.string(), accounts: z.number().int() })),
});
export type SplitOutcomes = z.infer<typeof splitOutcomesSchema>;

/** Days after the effective date the split still counts as "happening" (decision 027): the longest share return time is 14. */
export const PEER_WINDOW_DAYS = 21;

/** Whether a split is happening (decision 027): Upcoming, or Complete up to PEER_WINDOW_DAYS after its effective date. */
export function peerWindowOpen(s: { status: string; effDate: string }, today: string): boolean {
  if (s.status === 'Upcoming') return true;
  return s.status === 'Complete' && today <= addDays(s.effDate, PEER_WINDOW_DAYS);
}

/** The brokers that may be listed: at least MEASURED_MIN_MEMBERS members (no one member's data can be read off), most members first. */
export function listedPeerBrokers(rows: readonly PeerBroker[]): PeerBroker[] {
  return rows
    .filter((r) => r.members >= MEASURED_MIN_MEMBERS)
    .sort((a, b) => b.members - a.members || a.broker.localeCompare(b.broker));
}

/** "Schwab: 7 received, 1 cash in lieu, 2 pending, from 5 members" (zero counts left out, except received). */
export function peerBrokerLine(b: PeerBroker): string {
  const parts = [`${b.received} received`];
  if (b.cashInLieu) parts.push(`${b.cashInLieu} cash in lieu`);
  if (b.fractionKept) parts.push(`${b.fractionKept} fraction kept`);
  if (b.clawedBack) parts.push(`${b.clawedBack} clawed back`);
  if (b.nothing) parts.push(`${b.nothing} nothing credited`);
  if (b.pending) parts.push(`${b.pending} pending`);
  return `${b.broker}: ${parts.join(', ')}, from ${b.members} members`;
}

/** Most members at this broker got the share: over half of the settled outcomes (a listed broker only). */
export function mostReceived(b: PeerBroker): boolean {
  const settled = b.received + b.cashInLieu + b.nothing + b.fractionKept + b.clawedBack;
  return b.members >= MEASURED_MIN_MEMBERS && settled > 0 && b.received * 2 > settled;
}

/** The caller's cash-in-lieu brokers where most members (a listed broker) received the share. */
export function mayBeOwedShares<T extends { broker: string }>(mine: readonly T[], listed: readonly PeerBroker[]): T[] {
  return mine.filter((m) => listed.some((b) => b.broker === m.broker && mostReceived(b)));
}
