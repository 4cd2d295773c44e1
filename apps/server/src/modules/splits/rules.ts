import {
  can,
  defaultEstProfit,
  isMaskedBuyDate,
  MASK,
  maskedPlaceholderId,
  publicationProblems,
  type MaskedSplit,
  type Role,
  type Split,
  type SplitInput,
  type SplitStatus,
  type SplitView,
} from '@roundup/shared';

/**
 * Pure split rules (product.md#boundaries: takes `today`, never reads the clock). The calendar rules the
 * web shares (grid, MM/YYYY, footer, estProfit) live in @roundup/shared/splits.
 */

/** The symbol to sell after a split, for the modules that name it (confirmations, notifications, imports). */
export { postSplitOf, splitSymbols, type ListedSymbol } from './post-split-rules';

/** Who is asking: a role, or null for an anonymous visitor (treated like a Starter). */
export type Viewer = Role | string | null;

/** Pro roles and admins see everything; Starter (User) and anonymous callers get masking. */
export function seesEverything(viewer: Viewer): boolean {
  return can(viewer, 'splits:full');
}

/** The facts about a split that decide who may see it. */
export interface SplitFacts {
  status: SplitStatus | string;
  buyDate: string;
  /** Archived instead of deleted because members have trades on it (decision 011). */
  archived: boolean;
}

/**
 * How much of a split a caller may see:
 * - `full`: every field;
 * - `masked`: only the masked stand-in (days, status, asterisks, a placeholder id);
 * - `hidden`: nothing (not listed; by id answers 404).
 */
export type SplitAccess = 'full' | 'masked' | 'hidden';

/**
 * THE visibility rule. Every path that carries split data asks it: GET /api/rs,
 * by id, the past list, the iCal feed, alerts, trades and analytics.
 * - A member always sees the splits of their own recorded trades (`ownsTrade`), whatever their role
 *   now and whatever became of the split: it is their history.
 * - Archived splits are gone from every calendar, table, feed and alert (admins included).
 * - Approved splits are not public: admins only.
 * - Upcoming and Complete: Pro (Member, Pro) and admins see them whole; Starter users and anonymous
 *   visitors see them masked from one day before today (New York) on (product.md#screens).
 */
export function splitAccess(viewer: Viewer, s: SplitFacts, today: string, opts: { ownsTrade?: boolean } = {}): SplitAccess {
  if (opts.ownsTrade) return 'full';
  if (s.archived) return 'hidden';
  if (s.status !== 'Upcoming' && s.status !== 'Complete')
    return can(viewer, 'admin:access') && s.status === 'Approved' ? 'full' : 'hidden';
  if (seesEverything(viewer)) return 'full';
  return isMaskedBuyDate(s.buyDate, today) ? 'masked' : 'full';
}

/** Whether an Upcoming/Complete split with this buyDate is masked for this viewer today (product.md#screens). */
export function mustMask(viewer: Viewer, buyDate: string, today: string): boolean {
  return splitAccess(viewer, { status: 'Upcoming', buyDate, archived: false }, today) === 'masked';
}

/** Statuses worth reading for GET /api/rs (a pre-filter for SQL; `splitAccess` decides): Approved is admin-only. */
export function visibleStatuses(viewer: Viewer): SplitStatus[] {
  return can(viewer, 'admin:access') ? ['Approved', 'Upcoming', 'Complete'] : ['Upcoming', 'Complete'];
}

/**
 * The estimated profit a save stores (decision 025). Empty: (ratio − 1) × price. A figure the admin
 * typed is kept, except when the ratio or the price changed in this save and the figure sent is the
 * one stored before: a figure typed for the old terms is stale, so it is derived again from the new
 * ones (an admin who means a figure of their own for the new terms types it in the same save).
 */
export function estProfitFor(
  input: { ratio: number; price: number; estProfit: number | null },
  before: { ratio: number; price: number; estProfit: number } | null,
): number {
  const derived = defaultEstProfit(input.ratio, input.price);
  if (input.estProfit === null) return derived;
  const termsMoved = before !== null && (before.ratio !== input.ratio || before.price !== input.price);
  return termsMoved && input.estProfit === before.estProfit ? derived : input.estProfit;
}

/** Whether members could see a split's terms: a change to them from here on is recorded and shown (decision 025). */
export function isPublished(s: Pick<SplitFacts, 'status'>): boolean {
  return s.status === 'Upcoming' || s.status === 'Complete';
}

/** Whether a split may be announced to members (alerts, reminders, Discord): public and not archived. */
export function isAnnounceable(s: Pick<SplitFacts, 'status' | 'archived'>): boolean {
  return !s.archived && s.status === 'Upcoming';
}

/**
 * Why a trade cannot be recorded on this split now, or null. Approved splits are not open until
 * an admin moves them to Upcoming; archived ones take no new trades (existing ones may still be edited).
 */
export function tradeProblem(
  s: Pick<SplitFacts, 'status' | 'archived'>,
  action: 'add' | 'edit',
): { code: 'NOT_FOUND' | 'CONFLICT'; msg: string } | null {
  if (s.archived) return action === 'add' ? { code: 'NOT_FOUND', msg: 'Split not found' } : null;
  if (s.status === 'Approved') return { code: 'CONFLICT', msg: 'Trades can be recorded once this split is Upcoming' };
  return null;
}

/** The masked stand-in: days, status and asterisks, with the given placeholder id. */
export function maskSplit(s: Pick<Split, 'buyDate' | 'effDate' | 'status'>, placeholderId: string): MaskedSplit {
  return {
    _id: placeholderId,
    name: MASK,
    ticker: MASK,
    effDate: s.effDate,
    buyDate: s.buyDate,
    status: s.status === 'Complete' ? 'Complete' : 'Upcoming',
    masked: true,
  };
}

/**
 * The rows one caller may see, in order: hidden ones dropped, masked ones replaced by stand-ins
 * numbered within this response (sorted by their days only, so their order says nothing of the ticker).
 */
export function presentAll(
  viewer: Viewer,
  splits: readonly (Split & { archived?: boolean; filing?: unknown })[],
  today: string,
): SplitView[] {
  const out: SplitView[] = [];
  const masked: { at: number; s: Split }[] = [];
  for (const s of splits) {
    const access = splitAccess(viewer, { status: s.status, buyDate: s.buyDate, archived: Boolean(s.archived) }, today);
    if (access === 'hidden') continue;
    if (access === 'full') out.push(strip(s));
    else {
      masked.push({ at: out.length, s });
      out.push(null as unknown as SplitView);
    }
  }
  const order = [...masked].sort(
    (a, b) =>
      a.s.buyDate.localeCompare(b.s.buyDate) || a.s.effDate.localeCompare(b.s.effDate) || a.s.status.localeCompare(b.s.status),
  );
  const slots = masked.map((m) => m.at);
  order.forEach((m, i) => {
    out[slots[i]] = maskSplit(m.s, maskedPlaceholderId(i + 1));
  });
  return out;
}

/** The API fields only (product.md#stored) (drops internal ones such as `archived` and `filing`). */
export function strip(s: Split & { archived?: boolean; filing?: unknown }): Split {
  const { archived: _archived, filing: _filing, ...rest } = s;
  return { ...rest, masked: false };
}

/**
 * Why a split written by hand may not be saved as it is (decision 038): an Upcoming split reaches
 * members, so it passes the gate an accepted discovery proposal passes (`publicationProblems`:
 * a price above $0, trading days). Approved splits are admin-only drafts and Complete ones history.
 */
export function handWrittenProblems(s: Pick<SplitInput, 'status' | 'price' | 'buyDate' | 'effDate'>) {
  return s.status === 'Upcoming' ? publicationProblems(s) : [];
}
