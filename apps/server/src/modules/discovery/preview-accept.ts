import { todayInMarket, type AcceptPreview, type AcceptProposalRequest, type Exchange, type Split } from '@roundup/shared';
import type { AppContext } from '../../context';
import { filingIndexUrl } from '../../adapters/edgar';
import { conflict, notFound } from '../../http/app-error';
import { ALERT_AUDIENCES, alertKind, previewSplitAlert } from '../notifications/service';
import { estProfitFor } from '../splits/rules';
import { riskOfSplit, type StoredSplit } from '../splits/service';
import { acceptProblems, draftSplit } from './accept-rules';
import { discoveryRepo } from './repo';
import type { SplitWriter } from './review';

/**
 * What accepting a proposal (with these edits) would publish, and why the server would refuse it:
 * the admin's confirm step shows it before asking once. Writes nothing.
 */
export async function previewAccept(
  deps: { ctx: AppContext; splits: SplitWriter },
  req: AcceptProposalRequest,
): Promise<AcceptPreview> {
  const { ctx, splits } = deps;
  const p = await discoveryRepo(ctx.database.db).proposal(req.id);
  if (!p) throw notFound('Proposal not found');
  if (p.status !== 'open') throw conflict(`This proposal was already ${p.status}`);
  const base = p.splitId ? await splits.byId('Admin', p.splitId).catch(() => null) : null;
  const archives = ctx.config.EDGAR_ARCHIVES_URL.replace(/\/+$/, '');
  const d = draftSplit(p, base, req.edits, {
    today: todayInMarket(ctx.clock()),
    source: filingIndexUrl(archives, p.cik, p.accession),
  });
  const problems = acceptProblems(d);
  const estProfit =
    d.ratio !== null && d.ratio >= 2
      ? estProfitFor({ ratio: d.ratio, price: d.price, estProfit: d.estProfit as number | null }, base)
      : null;
  const split = {
    name: String(d.name),
    ticker: d.ticker ? String(d.ticker) : null,
    ratio: d.ratio,
    price: d.price,
    estProfit,
    buyDate: d.buyDate,
    effDate: d.effDate,
    status: d.status as Split['status'],
    rsType: d.rsType as Split['rsType'],
    caution: Boolean(d.caution),
    // None named by the filing: the split's own is kept (the splits module's rule), else unknown.
    exchange: (d.exchange as Exchange | undefined) ?? base?.exchange ?? null,
  };
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (base)
    for (const k of ['buyDate', 'effDate', 'ratio'] as const)
      if (split[k] !== null && split[k] !== base[k]) changes[k] = { from: base[k], to: split[k] };
  const kind = alertKind(base?.status ?? null, split.status, changes);
  const facts = {
    ...split,
    splitId: base?._id ?? 'new',
    participant: Boolean(d.participant),
    // A new split has no confirmation yet: the alert says "not yet confirmed", so the preview does.
    confirmation: base?.confirmation?.state ?? 'unconfirmed',
  };
  // The send adds the issuer's risk when a reason applies (decision 045): so does the preview, from these terms.
  const asWritten = {
    ...base,
    ...facts,
    source: d.source,
    _id: base?._id ?? 'new',
    filing: { cik: p.cik, sentence: p.evidence?.sentence ?? null, acceptedAt: p.acceptedAt?.toISOString() ?? null },
  } as unknown as StoredSplit;
  const risk = await riskOfSplit({ db: ctx.database.db, upward: ctx.upward }, asWritten);
  const payload = risk.level === 'normal' ? facts : { ...facts, risk };
  const alert = kind
    ? { audience: ALERT_AUDIENCES[kind], ...previewSplitAlert(kind, payload, { appUrl: ctx.config.appUrl, changes }) }
    : null;
  return { split, updates: base !== null, alert, problems };
}
