import type { PhoneCodeStatus } from '@roundup/shared';
import type { AppContext } from '../../context';
import { notFound } from '../../http/app-error';
import { usersRepo } from './repo';
import { codeState, OTP } from './rules';

/**
 * GET /api/users/phone-code: whether a code texted to the member's number can still be entered, how many were
 * sent in the limit's window and how long until another may be asked for. A page reloaded while the member
 * waits for the text offers the code's field again instead of sending (and spending) another code.
 */
export async function phoneCodeStatus(
  deps: Pick<AppContext, 'database' | 'clock'>,
  input: { userId: string },
): Promise<PhoneCodeStatus> {
  const repo = usersRepo(deps.database.db);
  const row = await repo.byId(input.userId);
  if (!row) throw notFound('User not found');
  const now = deps.clock();
  const sent = await repo.codesSince(row.id, new Date(now.getTime() - OTP.windowMs));
  const last = sent.reduce<number>((m, c) => Math.max(m, c.createdAt.getTime()), 0);
  const waitMs = last ? last + OTP.resendSeconds * 1000 - now.getTime() : 0;
  const latest = row.phoneValidated ? undefined : await repo.latestCode(row.id);
  return {
    pending: codeState(latest, now, row.phone) === 'usable',
    codesSent: sent.length,
    resendSeconds: Math.max(0, Math.ceil(waitMs / 1000)),
  };
}
