import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyHeaders, importPreviewSchema, importRequest, importResultSchema, todayInMarket } from '@roundup/shared';
import type { AppContext } from '../../context';
import { requirePermission } from '../../http/auth';
import { answers } from '../../http/openapi';
import { limit } from '../../http/rate-limit';
import type { AccountsService } from '../accounts/service';
import type { TradesService } from '../trades/service';
import { applyImport } from './apply-import';
import type { ImportDeps } from './prepare-import';
import { previewImport } from './preview-import';
import type { StatementReader } from './reader-pool';

/** The JSON body may hold a 5 MB statement with its quotes escaped. */
const BODY_LIMIT = 12 * 1024 * 1024;

const description = [
  'Body `{ accountId, csv, format?, brokerAccount?, mapping?, buys? }`: `csv` is the text of a Schwab, Fidelity, tastytrade',
  '(or tastyworks) or Interactive Brokers (Flex query or Activity Statement) CSV export, at most 5 MB and 100,000 lines (413',
  'beyond); `format` is detected from the header line when left out. A file that names several broker accounts (the preview',
  'lists them in `accounts`, masked) goes by `mapping`: each broker account into one of your accounts at the broker of',
  '`accountId`, or `accountId: null` to skip it, all in one apply; the mapping is remembered and a preview without one shows',
  'it. `brokerAccount` instead reads one broker account of the file into `accountId`. `buys` gives the buy of splits whose',
  'rows have none (`needsBuy`; with `accountId`, for that account’s trade only). Apply is all or nothing per split: a split',
  'that breaks a trade rule is listed in `left`, the others are applied. Another format, a row that cannot be read (the',
  'message names the line), an account at another broker, a broker account not mapped, or a file for another broker',
  "account than earlier imports is a 400; another member's account is a 404.",
].join('\n');

/** Decisions 030 and 042: import a broker statement into the caller's accounts. */
export const importsRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  accounts: AccountsService;
  reader: StatementReader;
  trades: Pick<TradesService, 'recordVerdicts'>;
}> = async (app, { ctx, accounts, reader, trades }) => {
  const tags = ['trades'];
  const deps = (req: Parameters<typeof requirePermission>[0]): ImportDeps & { userId: string } => {
    const { user } = requirePermission(req, 'trades:record');
    return {
      db: ctx.database.db,
      today: todayInMarket(ctx.clock()),
      viewer: user.role,
      userId: user.id,
      account: async (userId, accountId) => (await accounts.labels(userId, [accountId])).get(accountId) ?? null,
      reader,
      recordVerdicts: trades.recordVerdicts,
    };
  };

  app.post(
    '/api/imports/preview',
    {
      bodyLimit: BODY_LIMIT,
      // Reading a 5 MB statement is CPU work: 30 a minute per address is more than any member needs.
      config: limit(30, '1 minute'),
      schema: {
        tags,
        summary: 'Preview a broker statement: the trades and outcomes it would write, and the rows it cannot match',
        description,
        body: importRequest,
        response: answers(z.object({ preview: importPreviewSchema })),
      },
    },
    async (req) => {
      const d = deps(req);
      return { preview: await previewImport(d, { ...req.body, userId: d.userId }) };
    },
  );

  app.post(
    '/api/imports/apply',
    {
      bodyLimit: BODY_LIMIT,
      // Reading a 5 MB statement is CPU work: 30 a minute per address is more than any member needs.
      config: limit(30, '1 minute'),
      schema: {
        tags,
        summary: 'Import a broker statement into your accounts: one transaction, and the same file twice changes nothing',
        description,
        body: importRequest,
        headers: idempotencyHeaders,
        response: answers(z.object({ result: importResultSchema })),
      },
    },
    async (req) => {
      const d = deps(req);
      return { result: await applyImport(d, { ...req.body, userId: d.userId }) };
    },
  );
};
