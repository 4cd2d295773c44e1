import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addTradeRequest,
  bulkTradesRequest,
  bulkTradesResponse,
  editTradeRequest,
  idempotencyHeaders,
  splitIdParams,
  splitMemberStats,
  tradeParams,
  reconcileSchema,
  todayInMarket,
  tradeProgress,
  tradeSchema,
} from '@roundup/shared';
import type { AppContext } from '../../context';
import { requireAdmin, requirePermission } from '../../http/auth';
import { answers } from '../../http/openapi';
import { accountsForBulk } from './bulk-trades';
import { listReconciliation } from './list-reconciliation';
import type { tradesService } from './service';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Service = ReturnType<typeof tradesService>;
const tags = ['trades'];
const who = (req: Parameters<typeof requirePermission>[0]) => requirePermission(req, 'trades:record').user.id;

/** POST /api/trades/bulk's documentation: what it sets, the order of its answer, and a token example. */
const bulkSchema = {
  tags,
  summary: "Set fields on the caller's trade for one split in up to 200 accounts",
  description: [
    'Sets the fields sent on the trade for `splitId` in each of `accountIds` (1–200) — or of the group `groupId`, in',
    "the group's order — creating the trades that do not exist; fields not sent keep their values. `legs`",
    '(`[{ side, date, quantity, price }]`) replaces every leg; the flat `buy_*` / `sell_*` fields write a one-share',
    "trade's buy and sell, and are refused on a trade of several legs (the dance); `kept_sell_*` write the sale of the",
    'shares the split left (the kept share), never a sale before the split. One transaction, all or nothing: an',
    'account that is not yours, an account listed twice, or any account whose resulting trade breaks a trade rule',
    '(e.g. a sell before its buy, an outcome dated in the future) writes nothing, and the error names the account.',
    'An account with no share for the sale or shares sent (Nothing credited, Cash in lieu, no share kept) is left out',
    'and listed in `skipped`, with one line in `note`. Answers `{ trades }` in the order of `accountIds`, with how',
    'many changed (`saved`) and how many already held these values (`unchanged`).',
    '',
    "Members' own tools call it with a personal API token holding `write:trades` (see POST /api/tokens), e.g.",
    'recording the fills of one split in two accounts:',
    '```',
    'curl -X POST https://roundup.example/api/trades/bulk \\',
    '  -H "Authorization: Bearer rut_…" -H "Content-Type: application/json" \\',
    '  -d \'{"splitId":"…","accountIds":["…","…"],"buy_date":"2026-11-24","buy_price":1.25}\'',
    '```',
  ].join('\n'),
  body: bulkTradesRequest,
  headers: idempotencyHeaders,
  response: answers(bulkTradesResponse, {
    description:
      'The trades, in the order of `accountIds`; how many changed (`saved`) and how many already held these values; the accounts left out with no share for the sale (`skipped`), and one line that says so (`note`)',
    example: {
      trades: [
        {
          _id: '7d1e2f3a-4b5c-4d6e-8f9a-0b1c2d3e4f5a',
          userId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
          splitId: '0b9f3c1e-5d7a-4e1b-9a3f-2c8d6e4f1a7b',
          accountId: '9e8d7c6b-5a4f-4e3d-2c1b-0a9f8e7d6c5b',
          ticker: 'ACME',
          buy_date: '2026-11-24',
          buy_price: 1.25,
          sell_date: null,
          sell_price: null,
          outcome: 'pending',
          outcome_date: null,
          legs: [{ side: 'buy', date: '2026-11-24', quantity: 1, price: 1.25 }],
          shares_received: null,
          cash_in_lieu_amount: null,
        },
      ],
      saved: 1,
      unchanged: 0,
      skipped: [],
      note: null,
    },
  }),
};

/** product.md#api /api/trades/*: the account must be the caller's and the split must exist. */
export const tradesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; trades: Service }> = async (app, { ctx, trades }) => {
  oneTradeRoutes(app, trades);
  splitTradeRoutes(app, ctx, trades);
};

/** One trade: read, add, edit. */
function oneTradeRoutes(app: App, service: Service) {
  app.get(
    '/api/trades/s/:accountId/:splitId',
    {
      schema: {
        tags,
        summary: 'Your trade in one account for one split (null when none)',
        params: tradeParams,
        response: answers(z.object({ trade: tradeSchema.nullable() })),
      },
    },
    async (req) => ({
      trade: await service.get(who(req), req.params.accountId, req.params.splitId),
    }),
  );

  /** Beyond the spec: all the caller's trades for one split, for the Record Trades modal. */
  app.get(
    '/api/trades/split/:splitId',
    {
      schema: {
        tags,
        summary: 'Your trades for one split, in every account',
        params: splitIdParams,
        response: answers(z.object({ trades: z.array(tradeSchema) })),
      },
    },
    async (req) => ({
      trades: await service.forSplit(who(req), req.params.splitId),
    }),
  );

  app.post(
    '/api/trades/add',
    {
      schema: {
        tags,
        summary: 'Record a trade (one per account and split)',
        body: addTradeRequest,
        headers: idempotencyHeaders,
        response: answers(z.object({ trade: tradeSchema })),
      },
    },
    async (req) => ({
      trade: await service.add(who(req), req.body),
    }),
  );

  app.post(
    '/api/trades/edit',
    {
      schema: {
        tags,
        summary: 'Change a trade',
        body: editTradeRequest,
        headers: idempotencyHeaders,
        response: answers(z.object({ trade: tradeSchema })),
      },
    },
    async (req) => ({
      trade: await service.edit(who(req), req.body),
    }),
  );
}

/** Across a split: progress, To do, many accounts at once, and the admin's statistics. */
function splitTradeRoutes(app: App, ctx: AppContext, service: Service) {
  /** Per split, how many of the member's accounts bought, received the share and sold. */
  app.get(
    '/api/trades/progress',
    { schema: { tags, summary: 'Your progress on each split you traded', response: answers(tradeProgress) } },
    async (req) => service.progress(who(req)),
  );

  app.get(
    '/api/trades/reconcile',
    {
      schema: {
        tags,
        summary: 'Your accounts that need a look: no outcome past the due day, cash in lieu on a round-up split',
        response: answers(reconcileSchema),
      },
    },
    async (req) => listReconciliation({ db: ctx.database.db, today: todayInMarket(ctx.clock()) }, { userId: who(req) }),
  );

  /** One action for many accounts; all or nothing (docs/product.md#api). */
  app.post('/api/trades/bulk', { schema: bulkSchema }, async (req) => {
    const userId = who(req);
    const { groupId, accountIds, ...patch } = req.body;
    const ids = await accountsForBulk({ db: ctx.database.db }, { userId, groupId, accountIds });
    return service.bulk(userId, { ...patch, accountIds: ids });
  });

  /** Admin, beyond the spec: the members' average realized profit per account for a split. */
  app.get(
    '/api/trades/split-stats/:splitId',
    {
      schema: {
        tags,
        summary: 'Admin: what members recorded for a split',
        params: splitIdParams,
        response: answers(z.object({ stats: splitMemberStats })),
      },
    },
    async (req) => {
      requireAdmin(req);
      return { stats: await service.splitStats(req.params.splitId) };
    },
  );
}
