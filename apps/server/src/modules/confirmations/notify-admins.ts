import { conflictSentences, SOURCE_NAMES, type ConfirmationSource } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { DiscordSender } from '../../adapters/discord';
import { memberRecords } from '../users/queries';
import type { ConfirmationsRepo } from './repo';

/**
 * Tells the admins of each new conflict at once (email and their Discord channel), like the
 * discovery's notices: each conflict event once; one not sent stays untold and the next poll tries again.
 */
export async function notifyConflicts(deps: {
  repo: ConfirmationsRepo;
  ctx: AppContext;
  adminDiscord: DiscordSender;
}): Promise<number> {
  const { repo, ctx, adminDiscord } = deps;
  const untold = await repo.untoldConflicts();
  if (untold.length === 0) return 0;
  const emails = await memberRecords(ctx.database.db).adminEmails();
  let told = 0;
  for (const c of untold) {
    const source = c.source as ConfirmationSource;
    const sentence =
      c.splitRatio !== null && c.effDate
        ? conflictSentences({ ratio: Number(c.splitRatio), effDate: c.effDate }, [
            { source, ratio: c.ratio, marketDate: c.marketDate },
          ])[0]
        : null;
    const line = `Split conflict: ${c.ticker ?? 'a deleted split'}. ${sentence ?? `${SOURCE_NAMES[source]} disagrees with the filing`}.`;
    const url = `${ctx.config.appUrl}/admin/reverse-splits/${c.splitId}`;
    try {
      for (const to of emails)
        await ctx.mailer.send({
          to,
          subject: `Split conflict: ${c.ticker ?? 'split'} — ${SOURCE_NAMES[source]} disagrees`,
          text: `${line}\n\nResolve it: ${url}`,
        });
      await adminDiscord.send({ content: `${line} Resolve: ${url}` });
      await repo.markTold(c.id, ctx.clock());
      told += 1;
    } catch (err) {
      ctx.log.warn({ err, event: c.id }, 'confirmation: admin conflict notice not sent; the next poll tries again');
    }
  }
  return told;
}
