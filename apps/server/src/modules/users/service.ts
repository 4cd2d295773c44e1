import type { Notifications } from '@roundup/shared';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import { notificationColumns, toPublicUser, usersRepo } from './repo';

export function usersService(ctx: AppContext) {
  const repo = usersRepo(ctx.database.db);

  async function self(userId: string) {
    const row = await repo.byId(userId);
    if (!row) throw notFound('User not found');
    return toPublicUser(row, await repo.referrerUsername(row));
  }

  return {
    self,

    /** Personal info: email and phone. The username never changes (privacy policy). */
    async updateProfile(principal: Principal, input: { email: string; phone?: string | null }) {
      const row = await repo.byId(principal.user.id);
      if (!row) throw notFound('User not found');
      const changes: Parameters<typeof repo.update>[1] = {};
      if (input.email.toLowerCase() !== row.email.toLowerCase()) {
        const other = await repo.byEmail(input.email);
        if (other && other.id !== row.id) throw conflict('An account with that email already exists.');
        changes.email = input.email;
        changes.emailValidated = false;
      }
      const phone = input.phone?.trim() || null;
      if (phone !== row.phone) {
        changes.phone = phone;
        changes.phoneValidated = false;
      }
      if (Object.keys(changes).length > 0) await repo.update(row.id, changes);
      return self(row.id);
    },

    async updateNotifications(principal: Principal, notifications: Partial<Notifications>) {
      const cols = notificationColumns(notifications);
      if (Object.keys(cols).length > 0) await repo.update(principal.user.id, cols);
      return self(principal.user.id);
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
