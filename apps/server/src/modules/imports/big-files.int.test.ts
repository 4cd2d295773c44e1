import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_LINES, IMPORT_UNMATCHED_LISTED } from '@roundup/shared';
import { addAccount, insertBroker, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { statementReader } from './reader-pool';

/** Big statements through HTTP: a clear 4xx for files that will always fail, and no parameter per row. */
let t: TestApp;
let alice: Member;
let accountId: string;

const HEADER = '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"';
const preview = (csv: string) => call(t.app, 'POST', '/api/imports/preview', { token: alice.token, body: { accountId, csv } });

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app, 'Pro');
  accountId = await addAccount(t.app, alice.token, {
    brokerId: await insertBroker(t.database, { name: 'Charles Schwab' }),
    nickname: 'Big files',
  });
});
afterAll(async () => t?.close());

describe('big statements', () => {
  it('reads 70,000 rows of 70,000 tickers: the lookups pass the list as one parameter, and the preview lists the first unmatched rows', async () => {
    const rows = Array.from({ length: 70_000 }, (_, i) => `11/05/2026,Dividend,T${i},,,,,$1`);
    const res = await preview([HEADER, ...rows].join('\n'));
    expect(res.status).toBe(200);
    const p = res.body.data.preview;
    expect(p).toMatchObject({ rows: 70_000, unmatchedTotal: 70_000, trades: [] });
    expect(p.unmatched).toHaveLength(IMPORT_UNMATCHED_LISTED);
    expect(p.unmatched[0]).toMatchObject({ line: 2, symbol: 'T0', reason: 'Not a buy, sell or reverse-split row (Dividend)' });
  });

  it('answers 413 naming the limit for a file of more lines than it reads, however short they are', async () => {
    const res = await preview([HEADER, ...Array.from({ length: IMPORT_MAX_LINES }, () => 'a,b')].join('\n'));
    expect(res.status).toBe(413);
    expect(res.body.errors).toEqual([{ msg: 'The file has more than 100,000 lines; export a shorter period' }]);
  });

  it('quotes a short, printable part of a bad field', async () => {
    const junk = `\u0001${'9'.repeat(5_000)}`;
    const res = await preview(`${HEADER}\n11/06/2026,Buy,ACMR,ACME,1,"${junk}",,-1`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe(`Line 2: Price "?${'9'.repeat(23)}…" is not a number`);
  });

  it('reads on the statement reader, asking for the splits of the file’s tickers; a failed lookup is raised as itself, a bad file refused', async () => {
    const reader = statementReader(1);
    try {
      const text = `${HEADER}\n11/06/2026,Buy,ACMR,ACME,1,$1,,-$1\n11/06/2026,Buy,ZZZ,ZED,1,$1,,-$1`;
      const asked: string[][] = [];
      const read = await reader.read({ text }, async (tickers) => {
        asked.push(tickers);
        return [{ id: 's1', name: 'Acme', ticker: 'ACMR', buyDate: '2026-11-06', effDate: '2026-11-10' }];
      });
      expect(asked).toEqual([['ACMR', 'ZZZ']]);
      expect(read).toMatchObject({
        statement: { format: 'schwab', parts: [{ rows: 2, matched: [{ splitId: 's1', row: { line: 2 } }], unmatchedTotal: 1 }] },
      });
      const lost = new Error('connection lost');
      await expect(reader.read({ text }, () => Promise.reject(lost))).rejects.toBe(lost);
      expect(await reader.read({ text: 'not,a,statement' }, async () => [])).toMatchObject({
        refused: { tooLong: false, message: expect.stringMatching(/^This is not a statement RoundUp can read/) },
      });
    } finally {
      await reader.close();
    }
  });
});
