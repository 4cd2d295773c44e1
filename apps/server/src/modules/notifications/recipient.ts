import type { Notifications } from '@roundup/shared';
import { prefColumn, type SellCandidate } from './repo';
import type { Recipient } from './rules';
import { NOTIFICATION_KEYS } from './unsubscribe';

/** A sell-reminder candidate as the channel rules read a recipient (its preferences from its row). */
export function recipientOf(c: SellCandidate): Recipient {
  const notifications = {} as Notifications;
  for (const k of NOTIFICATION_KEYS) notifications[k] = Boolean(c[prefColumn(k)]);
  return {
    role: c.role,
    disabled: c.disabled,
    email: c.email,
    email_validated: Boolean(c.email_validated),
    phone: c.phone,
    phone_validated: c.phone_validated,
    notifications,
  };
}
