import type { Db } from '../../db/client';
import { raiseEvent, type NotificationDeps } from './raise-event';

/**
 * An announcement (general or newsletter) raised in `tx` under `key`: the audience is counted in
 * the same transaction and the worker fans it out in chunks (it may be every member). Null when
 * the key was raised before.
 */
export async function raiseAnnouncement(
  deps: Pick<NotificationDeps, 'repo' | 'clock'>,
  input: { tx: Db; key: string; kind: 'general' | 'newsletter'; payload: { subject: string; message: string } },
) {
  const { tx, key, kind, payload } = input;
  const r = await raiseEvent(deps, { tx, key, kind, payload });
  if (!r.eventId) return null;
  const reach = await deps.repo.audience(tx, kind);
  return { recipients: reach.recipients, messageCount: reach.channels.email + reach.channels.sms + reach.channels.whatsapp };
}
