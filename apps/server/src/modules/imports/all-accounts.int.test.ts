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
const send = (what: 'preview' | 'apply', body: Record<string, unknown>) =>
  call(t.app, 'POST', `/api/imports/${what}`, { token: alice.token, body: { csv: CSV, ...body } });

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
      'This file holds broker accounts …1111, …2222, …3333: choose the one to import into this account',
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
  });

  it('refuses a broker account the file does not hold', async () => {
    const accountId = await addAccount(t.app, alice.token, { brokerId: fidelity });
    const res = await send('preview', { accountId, brokerAccount: '…9999' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe('This file holds broker accounts …1111, …2222, …3333, not …9999');
  });
});
