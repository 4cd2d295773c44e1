import type { Communication, SendSmsRequest } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import type { NotificationsService } from '../notifications/service';
import { commsRepo } from './repo';

/** Admin communications (SPEC §2 /admin/comms): the list and the Send SMS form. */
export function commsService(ctx: AppContext, notifications: NotificationsService) {
  const repo = commsRepo(ctx.database.db);
  return {
    async list(): Promise<Communication[]> {
      const rows = await repo.latest(500);
      return rows.map((r) => ({
        _id: r.id,
        type: r.type,
        sender: r.sender,
        createdDate: r.createdDate.toISOString(),
        message: r.message,
        audience: r.audience,
        messageCount: r.messageCount,
      }));
    },

    /** Records the communication and queues one SMS per recipient, in one transaction. */
    async sendSms(principal: Principal, input: SendSmsRequest): Promise<{ messageCount: number }> {
      const messageCount = await repo.transaction(async (tx) => {
        const id = await repo.insert(tx, { type: 'sms', sender: principal.user.username, audience: input.audience, message: input.message, createdDate: ctx.clock() });
        const n = await notifications.queueAdminSms(tx, id, input.message, input.audience);
        await repo.setCount(tx, id, n);
        return n;
      });
      return { messageCount };
    },
  };
}
