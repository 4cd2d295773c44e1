import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addTrade, insertBroker, member, splitFields, tradingDayAfter, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';

/**
 * The split form's preview is the message: POST /api/rs/preview answers what saving would do (the
 * gate's refusals, the alert from the renderer the send uses, how many members it reaches) and
 * writes nothing. The test app holds no alerts (ALERT_GRACE_SECONDS 0), so the send follows the save.
 */
let t: TestApp;
let admin: Member;
let pro: Member;
const { mails, adapters } = recordingAdapters();

const counts = async () =>
  (
    await t.database.query<{ splits: number; events: number; audits: number }>(
      `select (select count(*)::int from reverse_splits) as splits,
              (select count(*)::int from notification_events) as events,
              (select count(*)::int from audit_log) as audits`,
    )
  ).rows[0];
const preview = (token: string, newTicker: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/rs/preview', { token, body: { newTicker } });

beforeAll(async () => {
  t = await createTestApp({ ...adapters, clock: () => new Date('2026-11-23T15:00:00Z') });
  expect(t.app.ctx.config.ALERT_GRACE_SECONDS).toBe(0);
  admin = await member(t.app, 'Admin');
  pro = await member(t.app, 'Pro', { verified: true });
});
afterAll(() => t?.close());

describe('POST /api/rs/preview', () => {
  it('shows a new split’s alert word for word as the member’s email, and writes nothing', async () => {
    const fields = splitFields({ ticker: 'PVWX', ratio: 25, price: 1.4, participant: true });
    const before = await counts();
    const res = await preview(admin.token, fields);
    expect(res.status).toBe(200);
    expect(await counts()).toEqual(before);
    const { alert, recipients, problems } = res.body.data;
    expect(problems).toEqual([]);
    expect(recipients).toBe(1);
    expect(alert.subject).toBe('New reverse split: PVWX 25:1, Round up (participant level)');

    expect((await call(t.app, 'POST', '/api/rs/add', { token: admin.token, body: { newTicker: fields } })).status).toBe(200);
    await drainDeliveries(t.app.ctx);
    const sent = mails.find((m) => m.to === pro.email && m.subject.includes('PVWX'));
    expect(sent?.subject).toBe(alert.subject);
    // The email adds the member's own footer (the unsubscribe link); everything before it is the preview.
    expect(sent?.text.startsWith(alert.text)).toBe(true);
  });

  it('lists the refusals the save would answer 400 with, as data, and writes nothing', async () => {
    const fields = splitFields({ ticker: 'SATP', price: 0, buyDate: '2026-11-28', effDate: '2026-11-30' });
    const before = await counts();
    const res = await preview(admin.token, fields);
    expect(res.status).toBe(200);
    const saved = await call(t.app, 'POST', '/api/rs/add', { token: admin.token, body: { newTicker: fields } });
    expect(saved.status).toBe(400);
    expect(res.body.data.problems).toEqual(saved.body.errors);
    expect(await counts()).toEqual(before);
  });

  it('an edit that changes nothing members were told alerts nobody; a new date tells the holders, counted', async () => {
    const add = await call(t.app, 'POST', '/api/rs/add', {
      token: admin.token,
      body: { newTicker: splitFields({ ticker: 'EDPV', price: 2 }) },
    });
    const s = add.body.data.split;
    // A second Pro member with alerts on who holds nothing: told of a new split, not of these terms.
    await member(t.app, 'Pro', { verified: true });
    const accountId = await addAccount(t.app, pro.token, { brokerId: await insertBroker(t.database) });
    expect((await addTrade(t.app, pro.token, { accountId, splitId: s._id, buy_price: 1 })).status).toBe(200);
    const same = await preview(admin.token, { ...splitFields({ ticker: 'EDPV', price: 2 }), notes: 'typo fixed', _id: s._id });
    expect(same.body.data).toEqual({ alert: null, recipients: 0, problems: [] });
    const redated = splitFields({ ticker: 'EDPV', price: 2, effDate: tradingDayAfter(s.effDate, 1) });
    const moved = await preview(admin.token, { ...redated, _id: s._id });
    expect(moved.status).toBe(200);
    expect(moved.body.data.alert.audience).toBe('Members who recorded a trade on this split (email, SMS, WhatsApp)');
    expect(moved.body.data.recipients).toBe(1);
    expect(moved.body.data.alert.text).toContain(s.ticker);
  });

  it('is for admins only, and an unknown split is a 404', async () => {
    expect((await preview(pro.token, splitFields())).status).toBe(403);
    const missing = await preview(admin.token, { ...splitFields(), _id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].msg).toBe('Split not found');
  });
});
