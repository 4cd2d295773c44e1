import type {
  AnnouncementAudience,
  AnnouncementKind,
  Communication,
  SendAnnouncementRequest,
  SendAnnouncementResult,
  SendSmsRequest,
} from '@roundup/shared';
import type { AppContext } from '../../context';
import { conflict } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import { recordAudit } from '../audit/service';
import type { NotificationsService } from '../notifications/service';
import { commsRepo } from './repo';

/** Admin communications (product.md#screens /admin/comms): the list, the Send SMS form and announcements. */
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
        subject: r.subject,
        recipients: r.recipients,
      }));
    },

    /** Records the communication, queues one SMS per recipient and writes the audit entry, in one transaction. */
    async sendSms(principal: Principal, input: SendSmsRequest): Promise<{ messageCount: number }> {
      const messageCount = await repo.transaction(async (tx) => {
        const id = await repo.insert(tx, {
          type: 'sms',
          sender: principal.user.username,
          audience: input.audience,
          message: input.message,
          createdDate: ctx.clock(),
        });
        const n = await notifications.queueAdminSms(tx, id, input.message, input.audience);
        await repo.setCount(tx, id, n);
        await recordAudit(tx, {
          actorId: principal.user.id,
          action: 'comms.send-sms',
          targetType: 'communication',
          targetId: id,
          details: { audience: input.audience, messageCount: n },
        });
        return n;
      });
      return { messageCount };
    },

    /** How many members an admin SMS to All or Pro would reach now: the fan-out's own rule (queueAdminSms). */
    async smsAudience(audience: 'All' | 'Pro'): Promise<{ recipients: number }> {
      const { recipients } = await notifications.audience('adminSms', audience === 'Pro');
      return { recipients };
    },

    /** Who an announcement of `kind` would reach if sent now (the form shows it before sending). */
    async announcementAudience(kind: AnnouncementKind): Promise<AnnouncementAudience> {
      return notifications.audience(kind);
    },

    /**
     * Records the announcement and raises its event in one transaction. The client's requestId is
     * unique among communications and names the event, so a double click or a retry after a lost
     * response sends nothing more and answers the first result (`duplicate: true`).
     */
    async sendAnnouncement(principal: Principal, input: SendAnnouncementRequest): Promise<SendAnnouncementResult> {
      return repo.transaction(async (tx) => {
        const id = await repo.insertOnce(tx, {
          type: input.kind,
          sender: principal.user.username,
          subject: input.subject,
          message: input.message,
          requestId: input.requestId,
          createdDate: ctx.clock(),
        });
        if (!id) {
          const prev = await repo.byRequestId(tx, input.requestId);
          if (!prev || prev.type !== input.kind || prev.subject !== input.subject || prev.message !== input.message) {
            throw conflict('This request was already used for a different announcement. Reload the page and try again.');
          }
          return { recipients: prev.recipients ?? 0, messageCount: prev.messageCount, duplicate: true };
        }
        const sent = await notifications.raiseAnnouncement(tx, `${input.kind}:${input.requestId}`, input.kind, {
          subject: input.subject,
          message: input.message,
        });
        if (!sent) throw conflict('This announcement was already sent.');
        await repo.setCounts(tx, id, sent);
        await recordAudit(tx, {
          actorId: principal.user.id,
          action: 'comms.send-announcement',
          targetType: 'communication',
          targetId: id,
          details: { kind: input.kind, subject: input.subject, recipients: sent.recipients },
        });
        return { ...sent, duplicate: false };
      });
    },
  };
}
