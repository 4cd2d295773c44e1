import { todayInMarket, type AcceptProposalRequest, type Split, type SplitInput } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { filingIndexUrl } from '../../adapters/edgar';
import { conflict, notFound, refused } from '../../http/app-error';
import { recordAudit } from '../audit/service';
import type { SplitsService } from '../splits/service';
import { draftSplit, readySplit } from './accept-rules';
import { discoveryRepo, type ProposalRow } from './repo';

/** What the review needs of the splits module: its admin writes (they audit, notify and signal the live stream). */
export type SplitWriter = Pick<SplitsService, 'add' | 'edit' | 'byId'>;

/**
 * The admin review queue's decisions (docs/discovery.md). Accept writes the split through the
 * splits module (source = the filing), so a new split alerts members exactly as an admin's own
 * add does, and a later filing's change reaches the split the same way. Reject keeps the proposal
 * and its reason: rejections are the classifier's regression cases.
 */
export function discoveryReview(ctx: AppContext) {
  const db = ctx.database.db;
  const repo = discoveryRepo(db);
  const archives = ctx.config.EDGAR_ARCHIVES_URL.replace(/\/+$/, '');

  /**
   * Moves an open proposal to `status` in transaction `t` (an accept names the split it wrote);
   * null when it was not open (reviewed in another tab, superseded).
   */
  async function claimIn(
    t: Db,
    id: string,
    status: 'accepted' | 'rejected',
    actorId: string,
    rejectReason: string | null,
    splitId?: string,
  ) {
    const r = discoveryRepo(t);
    const p = await r.lockProposal(id);
    if (!p) throw notFound('Proposal not found');
    if (p.status !== 'open') return null;
    await r.setProposal(id, {
      status,
      reviewedBy: actorId,
      reviewedAt: ctx.clock(),
      rejectReason,
      ...(splitId ? { splitId } : {}),
    });
    await recordAudit(t, {
      actorId,
      action: `discovery.${status === 'accepted' ? 'accept' : 'reject'}`,
      targetType: 'discovery',
      targetId: id,
      details: {
        company: p.company,
        ticker: p.ticker,
        accession: p.accession,
        ...(rejectReason ? { reason: rejectReason } : {}),
      },
    });
    return p;
  }

  function splitInput(p: ProposalRow, base: Split | null, edits: AcceptProposalRequest['edits']): SplitInput {
    const draft = draftSplit(p, base, edits, {
      today: todayInMarket(ctx.clock()),
      source: filingIndexUrl(archives, p.cik, p.accession),
    });
    // Nothing reaches members that they cannot act on: the reasons come back in the envelope.
    const ready = readySplit(draft);
    if (!ready.input) throw refused(ready.problems);
    return ready.input;
  }

  return {
    async accept(
      req: AcceptProposalRequest,
      actorId: string,
      splits: SplitWriter,
    ): Promise<{ proposal: ProposalRow; split: Split }> {
      const found = await repo.proposal(req.id);
      if (!found) throw notFound('Proposal not found');
      if (found.status !== 'open') throw conflict(`This proposal was already ${found.status}`);
      const base = found.splitId ? await splits.byId('Admin', found.splitId).catch(() => null) : null;
      const input = splitInput(found, base, req.edits);
      // The proposal is marked accepted in the split's own transaction: a crash leaves both or
      // neither. A double click or a second tab: only one moves it out of "open"; the other's
      // split write rolls back with its 409.
      let claimed: ProposalRow | null = null;
      const accept = async (t: Db, splitId: string) => {
        claimed = await claimIn(t, req.id, 'accepted', actorId, null, splitId);
        if (!claimed) throw conflict('This proposal was already reviewed');
      };
      // What the filing said stays on the split: Pro members read it there.
      const filing = {
        cik: found.cik,
        sentence: found.evidence?.sentence ?? null,
        acceptedAt: found.acceptedAt?.toISOString() ?? null,
      };
      const { split } = base
        ? await splits.edit(base._id, input, actorId, accept, filing)
        : await splits.add(input, actorId, accept, filing);
      return { proposal: { ...claimed!, status: 'accepted', splitId: split._id }, split };
    },
    async reject(id: string, reason: string, actorId: string): Promise<ProposalRow> {
      const p = await db.transaction((t) => claimIn(t as unknown as Db, id, 'rejected', actorId, reason));
      if (!p) throw conflict('This proposal was already reviewed');
      return { ...p, status: 'rejected', rejectReason: reason };
    },
  };
}
