import type { Split, SplitInput, SplitPreview } from '@roundup/shared';
import { diffFields } from '../audit/service';
import { splitValues, type SplitsDeps } from './deps';
import { getSplit } from './get-split';
import { riskOfSplit } from './get-split-risk';
import { splitsRepo, type StoredSplit } from './repo';
import { handWrittenProblems } from './rules';

/** A split typed by hand has no filing behind it yet. */
const NO_FILING: StoredSplit['filing'] = { cik: null, sentence: null, acceptedAt: null };

/**
 * What saving this split by hand would do, before anything is written: the gate's refusals (the
 * texts add and edit answer 400 with), the alert members would get, rendered from the payload and
 * templates the send uses, and how many members it reaches now. `id` previews an edit of that split.
 */
export async function previewSplit(
  deps: Pick<SplitsDeps, 'db' | 'clock' | 'upward' | 'notifier'>,
  input: { split: SplitInput; id?: string },
): Promise<SplitPreview> {
  const problems = handWrittenProblems(input.split).map((p) => ({ msg: p.msg, path: p.path }));
  const before: Split | null = input.id ? await getSplit(deps, { viewer: 'Admin', id: input.id }) : null;
  const values = splitValues(input.split, before);
  const changes = before
    ? diffFields(before as unknown as Record<string, unknown>, values as unknown as Record<string, unknown>)
    : {};
  const facts = {
    splitId: before?._id ?? 'new',
    name: values.name,
    ticker: values.ticker ?? null,
    ratio: values.ratio ?? null,
    buyDate: values.buyDate ?? null,
    effDate: values.effDate ?? null,
    price: values.price ?? null,
    estProfit: values.estProfit,
    status: values.status,
    exchange: values.exchange,
    rsType: values.rsType,
    participant: values.participant,
    caution: values.caution,
    // A new split has no confirmation yet: the alert says "not yet confirmed", so the preview does.
    confirmation: before?.confirmation?.state ?? 'unconfirmed',
  };
  // The send adds the issuer's risk to the alert when a reason applies: so does the preview, from these terms.
  const stored = input.id ? await splitsRepo(deps.db).byId(input.id) : null;
  const asWritten = { ...stored, ...values, _id: stored?._id ?? 'new', filing: stored?.filing ?? NO_FILING } as StoredSplit;
  const risk = await riskOfSplit(deps, asWritten);
  const event = { previousStatus: before?.status ?? null, status: values.status, changes };
  const preview = await deps.notifier.previewSplitChange?.(event, risk.level === 'normal' ? facts : { ...facts, risk });
  return { alert: preview?.alert ?? null, recipients: preview?.recipients ?? 0, problems };
}
