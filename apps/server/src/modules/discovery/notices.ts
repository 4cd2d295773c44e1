import type { AppContext } from '../../context';
import { outboxDiscord, webhookDiscord, type DiscordSender } from '../../adapters/discord';
import { memberRecords } from '../users/queries';
import { discoveryRepo } from './repo';

/** The admins hear of each new round-up event once: by email, and on their Discord channel. */
export function adminNotices(ctx: AppContext) {
  const { config } = ctx;
  const repo = discoveryRepo(ctx.database.db);
  const adminDiscord: DiscordSender = config.DISCORD_ADMIN_WEBHOOK_URL
    ? webhookDiscord(config.DISCORD_ADMIN_WEBHOOK_URL)
    : outboxDiscord(ctx.database, undefined, 'discord-admin');

  /** Tells the admins (email and their Discord channel) about each new round-up proposal, once. */
  async function notifyAdmins(): Promise<number> {
    const fresh = await repo.unnotifiedRoundUps();
    if (fresh.length === 0) return 0;
    const emails = await memberRecords(ctx.database.db).adminEmails();
    for (const p of fresh) {
      const url = `${config.appUrl}/admin/discoveries`;
      const line = `New round-up proposal: ${p.company}${p.ticker ? ` (${p.ticker})` : ''}, 1-for-${p.ratio ?? '?'}, buy by ${p.buyBy ?? 'unknown'}, market date ${p.marketDate ?? 'unknown'}.`;
      try {
        for (const to of emails)
          await ctx.mailer.send({
            to,
            subject: `Round-up proposal: ${p.ticker ?? p.company} — buy by ${p.buyBy ?? 'unknown'}`,
            text: `${line}\n\n"${p.evidence?.sentence ?? ''}"\n\nReview it: ${url}`,
          });
        await adminDiscord.send({ content: `${line} Review: ${url}` });
        await repo.setProposal(p.id, { notifiedAt: ctx.clock() });
      } catch (err) {
        ctx.log.warn({ err, proposal: p.id }, 'discovery: admin notice not sent; the next cycle tries again');
      }
    }
    return fresh.length;
  }

  return notifyAdmins;
}
