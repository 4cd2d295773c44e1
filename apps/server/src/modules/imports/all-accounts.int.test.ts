import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/** Fidelity's All Accounts download: one file, several broker accounts, each imported into its own account. */
let t: TestApp;
let alice: Member;
let fidelity: string;
let splitId: string;

const HEADER =
  'Run Date,Account,Account Number,Action,Symbol,Description,Type,Price ($),Quantity,Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date';
const dance = (name: string, number: string) => [
  `11/06/2026,"${name}","${number}","YOU BOUGHT ACME ROBOTICS INC (ACMR) (Cash)",ACMR,"ACME ROBOTICS INC",Cash,0.5,2,,,,-1,11/09/2026`,
  `11/06/2026,"${name}","${number}","YOU SOLD ACME ROBOTICS INC (ACMR) (Cash)",ACMR,"ACME ROBOTICS INC",Cash,0.48,-1,,,,0.48,11/09/2026`,
];
const CSV = [
  '',
  '',
  HEADER,
  ...dance('Individual', 'Z11111111'),
  ...dance('Roth IRA', '222222222'),
  ...dance('Traditional IRA', '333333333'),
  '',
  '"The data and information in this spreadsheet is provided to you solely for your use and is not for distribution.",,,,,,,,,,,,,',
  '"Date downloaded 11/25/2026 9:12 pm",,,,,,,,,,,,,',
].join('\n');
const send = (what: 'preview' | 'apply', body: Record<string, unknown>, who: Member = alice) =>
  call(t.app, 'POST', `/api/imports/${what}`, { token: who.token, body: { csv: CSV, ...body } });
const FILE_ACCOUNTS = ['…1111', '…2222', '…3333'];
/** The file's broker accounts in order, each into the account at the same place (null: skip it). */
const mapTo = (ids: readonly (string | null)[]) =>
  FILE_ACCOUNTS.map((brokerAccount, i) => ({ brokerAccount, accountId: ids[i] }));
const fidelityAccounts = async (who: Member) => [
  await addAccount(t.app, who.token, { brokerId: fidelity, nickname: 'Fid one' }),
  await addAccount(t.app, who.token, { brokerId: fidelity, nickname: 'Fid two' }),
  await addAccount(t.app, who.token, { brokerId: fidelity, nickname: 'Fid three' }),
];

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app, 'Pro');
  fidelity = await insertBroker(t.database, { name: 'Fidelity' });
  splitId = await insertSplit(t.database, {
    name: 'Acme Robotics',
    ticker: 'ACMR',
    buyDate: '2026-11-06',
    effDate: '2026-11-10',
  });
});
afterAll(async () => t?.close());

describe('a Fidelity file of three accounts', () => {
  it('lists its accounts for the member to choose, and imports each into its own account once', async () => {
    const mine = [
      await addAccount(t.app, alice.token, { brokerId: fidelity, nickname: 'Fid one' }),
      await addAccount(t.app, alice.token, { brokerId: fidelity, nickname: 'Fid two' }),
      await addAccount(t.app, alice.token, { brokerId: fidelity, nickname: 'Fid three' }),
    ];
    const first = (await send('preview', { accountId: mine[0] })).body.data.preview;
    expect(first).toMatchObject({
      brokerAccount: null,
      rows: 0,
      trades: [],
      accounts: [
        { brokerAccount: '…1111', rows: 2 },
        { brokerAccount: '…2222', rows: 2 },
        { brokerAccount: '…3333', rows: 2 },
      ],
    });
    const unchosen = await send('apply', { accountId: mine[0] });
    expect(unchosen.status).toBe(400);
    expect(unchosen.body.errors[0].msg).toBe(
      'This file holds broker accounts …1111, …2222, …3333: map each to one of your accounts or skip it',
    );
    for (const [i, brokerAccount] of ['…1111', '…2222', '…3333'].entries()) {
      const res = await send('apply', { accountId: mine[i], brokerAccount });
      expect(res.status).toBe(200);
      expect(res.body.data.result).toMatchObject({ brokerAccount, rows: 2, imported: 2 });
      expect(res.body.data.result.saved).toEqual([expect.objectContaining({ accountId: mine[i], splitId })]);
    }
    // Each account remembers its broker account: another one of the file is refused there.
    const crossed = await send('apply', { accountId: mine[0], brokerAccount: '…2222' });
    expect(crossed.status).toBe(400);
    expect(crossed.body.errors[0].msg).toBe(
      'This file is for broker account …2222; earlier imports into Fid one came from …1111',
    );
    expect((await send('apply', { accountId: mine[1], brokerAccount: '…2222' })).body.data.result.imported).toBe(0);
    // Each pair chosen is remembered: the next preview of the file, without a choice, maps all three.
    const next = (await send('preview', { accountId: mine[0] })).body.data.preview;
    expect(next.accounts.map((a: { accountId: string }) => a.accountId)).toEqual(mine);
    expect(next).toMatchObject({ rows: 6, alreadyImported: 6, trades: [] });
  });

  it('refuses a broker account the file does not hold', async () => {
    const accountId = await addAccount(t.app, alice.token, { brokerId: fidelity });
    const res = await send('preview', { accountId, brokerAccount: '…9999' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe('This file holds broker accounts …1111, …2222, …3333, not …9999');
  });
});

describe('a Fidelity file of three accounts, each mapped to an account', () => {
  it('imports into three accounts in one apply, remembers the mapping, and a second apply stores nothing', async () => {
    const bob = await member(t.app, 'Pro');
    const mine = await fidelityAccounts(bob);
    const mapping = mapTo(mine);
    const first = (await send('preview', { accountId: mine[0], mapping }, bob)).body.data.preview;
    expect(first).toMatchObject({ brokerAccount: null, rows: 6, alreadyImported: 0 });
    expect(first.trades.map((x: { accountId: string; brokerAccount: string }) => [x.accountId, x.brokerAccount])).toEqual(
      mine.map((id, i) => [id, FILE_ACCOUNTS[i]]),
    );
    const applied = await send('apply', { accountId: mine[0], mapping }, bob);
    expect(applied.status).toBe(200);
    expect(applied.body.data.result).toMatchObject({ rows: 6, imported: 6, left: [] });
    expect(applied.body.data.result.saved.map((x: { accountId: string; splitId: string }) => [x.accountId, x.splitId])).toEqual(
      mine.map((id) => [id, splitId]),
    );
    // The next preview of the file, without a mapping, pre-selects the remembered one: nothing left to import.
    const again = (await send('preview', { accountId: mine[1] }, bob)).body.data.preview;
    expect(again.accounts).toEqual(FILE_ACCOUNTS.map((b, i) => ({ brokerAccount: b, rows: 2, accountId: mine[i], skip: false })));
    expect(again).toMatchObject({ rows: 6, alreadyImported: 6, trades: [] });
    const second = (await send('apply', { accountId: mine[0], mapping }, bob)).body.data.result;
    expect(second).toMatchObject({ imported: 0, saved: [], alreadyImported: 6 });
    // Each account kept its own broker account.
    const crossed = await send('apply', { accountId: mine[0], mapping: mapTo([mine[1], mine[0], mine[2]]) }, bob);
    expect(crossed.status).toBe(400);
    expect(crossed.body.errors[0].msg).toBe(
      'This file is for broker account …1111; earlier imports into Fid two came from …2222',
    );
  });

  it('stores the file once when two tabs apply the same mapping at once', async () => {
    const erin = await member(t.app, 'Pro');
    const mine = await fidelityAccounts(erin);
    const both = await Promise.all([0, 1].map(() => send('apply', { accountId: mine[0], mapping: mapTo(mine) }, erin)));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.reduce((n, r) => n + r.body.data.result.imported, 0)).toBe(6);
    const after = (await send('preview', { accountId: mine[0] }, erin)).body.data.preview;
    expect(after).toMatchObject({ alreadyImported: 6, trades: [] });
  });

  it('gives a buy to the one account it is for', async () => {
    const fay = await member(t.app, 'Pro');
    const mine = await fidelityAccounts(fay);
    // A later period's download: each broker account sold, none bought.
    const sellsOnly = CSV.split('\n')
      .filter((l) => !l.includes('YOU BOUGHT'))
      .join('\n');
    const buys = [{ splitId, accountId: mine[1], date: '2026-11-06', quantity: 2, price: 0.5 }];
    const res = await send('preview', { accountId: mine[0], mapping: mapTo(mine), buys, csv: sellsOnly }, fay);
    expect(res.status).toBe(200);
    const asked = res.body.data.preview.trades.map((x: { accountId: string; needsBuy: unknown; legs: { side: string }[] }) => [
      x.accountId,
      x.needsBuy === null,
      x.legs.map((l) => l.side),
    ]);
    expect(asked).toEqual([
      [mine[0], false, ['sell']],
      [mine[1], true, ['buy', 'sell']],
      [mine[2], false, ['sell']],
    ]);
  });

  it('leaves a skipped broker account out, and remembers the skip', async () => {
    const carol = await member(t.app, 'Pro');
    const mine = await fidelityAccounts(carol);
    const res = await send('apply', { accountId: mine[0], mapping: mapTo([mine[0], mine[1], null]) }, carol);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({ rows: 4, imported: 4 });
    expect(res.body.data.result.saved.map((x: { accountId: string }) => x.accountId)).toEqual([mine[0], mine[1]]);
    const third = await send('preview', { accountId: mine[2], brokerAccount: '…3333' }, carol);
    expect(third.body.data.preview).toMatchObject({ alreadyImported: 0, trades: [expect.objectContaining({ change: 'new' })] });
    const remembered = (await send('preview', { accountId: mine[0] }, carol)).body.data.preview;
    expect(remembered.accounts.map((a: { accountId: string | null; skip: boolean }) => [a.accountId, a.skip])).toEqual([
      [mine[0], false],
      [mine[1], false],
      [null, true],
    ]);
  });

  it('refuses an account that is not the member’s own, one at another broker, and a mapping that leaves one out', async () => {
    const dave = await member(t.app, 'Pro');
    const mine = await fidelityAccounts(dave);
    const someoneElses = await addAccount(t.app, alice.token, { brokerId: fidelity, nickname: 'Not yours' });
    const schwab = await addAccount(t.app, dave.token, {
      brokerId: await insertBroker(t.database, { name: 'Schwab' }),
      nickname: 'Sch',
    });
    const cases: [unknown, number, string][] = [
      [mapTo([mine[0], someoneElses, mine[2]]), 404, 'The account for …2222 was not found'],
      [mapTo([mine[0], mine[1], schwab]), 400, 'Sch is a Schwab account: map …3333 to one at Fidelity, or skip it'],
      [mapTo([mine[0], mine[1]]).slice(0, 2), 400, 'Map …3333 to one of your accounts or skip it'],
      [mapTo([mine[0], mine[0], null]), 400, '…1111 and …2222 go into the same account; each broker account goes into its own'],
      [
        [...mapTo(mine), { brokerAccount: '…9999', accountId: null }],
        400,
        'This file holds broker accounts …1111, …2222, …3333, not …9999',
      ],
    ];
    const skipAll = await send('apply', { accountId: schwab, mapping: mapTo([null, null, null]) }, dave);
    expect([skipAll.status, skipAll.body.errors[0]?.msg]).toEqual([
      400,
      'This is a Fidelity statement, but Sch is a Schwab account',
    ]);
    for (const [mapping, status, msg] of cases) {
      const res = await send('apply', { accountId: mine[0], mapping }, dave);
      expect([res.status, res.body.errors[0]?.msg]).toEqual([status, msg]);
    }
    // Nothing was stored or remembered by the refused applies.
    const after = (await send('preview', { accountId: mine[0] }, dave)).body.data.preview;
    expect(after).toMatchObject({ rows: 0, trades: [], alreadyImported: 0 });
    expect(after.accounts.every((a: { accountId: string | null; skip: boolean }) => a.accountId === null && !a.skip)).toBe(true);
  });
});
