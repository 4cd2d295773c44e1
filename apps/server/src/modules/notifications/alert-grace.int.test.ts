import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { splitFields } from '../../../test/factories';
import { call, createTestApp, registerQuietAdmin, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';
import { notificationsService } from './service';

/**
 * The grace period of a split's alerts (ALERT_GRACE_SECONDS = 60 here): nothing reaches a member
 * within it; a delete removes them, an edit replaces them with the new terms, the admin's Undo stops
 * them; after it they go out once. The clock moves by hand: Friday 2026-11-20, 10:00 New York.
 */
const START = Date.parse('2026-11-20T15:00:00Z');
let now = START;
let t: TestApp;
const { mails, discords, adapters } = recordingAdapters();
let admin: { token: string; user: { id: string } };
let pro: { token: string; user: { id: string }; email: string };
const fields = (over: Record<string, unknown> = {}) =>
  splitFields({ buyDate: '2026-12-02', effDate: '2026-12-03', exchange: 'Nasdaq', price: 2, ratio: 20, ...over });

async function deliver() {
  while ((await notificationsService(t.app.ctx).expandFanouts()) > 0);
  await drainDeliveries(t.app.ctx);
}
const mailsAbout = (ticker: string) => mails.filter((m) => m.to === pro.email && m.subject.includes(ticker));
const discordsAbout = (ticker: string) => discords.filter((d) => d.includes(ticker));

async function add(over: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/rs/add', { token: admin.token, body: { newTicker: fields(over) } });
  expect(res.status).toBe(200);
  return res.body.data as { split: Record<string, unknown> & { _id: string }; alertsAt: string | null };
}

beforeAll(async () => {
  t = await createTestApp({ ...adapters, clock: () => new Date(now), config: { ALERT_GRACE_SECONDS: 60 } });
  admin = await registerQuietAdmin(t);
  pro = await registerUser(t.app, { verified: true });
  await setRole(t.database, pro.user.id, 'Pro');
});
beforeEach(() => {
  now = START;
});
afterAll(() => t?.close());

describe('alerts wait out the grace period', () => {
  it('nothing goes out within it; after it the alert goes out once', async () => {
    const { alertsAt } = await add({ ticker: 'GRCA' });
    expect(alertsAt).toBe(new Date(START + 60_000).toISOString());
    now = START + 59_000;
    await deliver();
    expect(mailsAbout('GRCA')).toHaveLength(0);
    expect(discordsAbout('GRCA')).toHaveLength(0);
    now = START + 61_000;
    await deliver();
    await deliver();
    expect(mailsAbout('GRCA')).toHaveLength(1);
    expect(discordsAbout('GRCA')).toHaveLength(1);
  });

  it('deleting the split within it sends nothing', async () => {
    const { split } = await add({ ticker: 'GRCB' });
    now = START + 10_000;
    expect((await call(t.app, 'POST', '/api/rs/delete', { token: admin.token, body: { id: split._id } })).status).toBe(200);
    const undo = await call(t.app, 'POST', '/api/rs/alerts/undo', { token: admin.token, body: { id: split._id } });
    expect(undo.status).toBe(404);
    now = START + 120_000;
    await deliver();
    expect(mailsAbout('GRCB')).toHaveLength(0);
    expect(discordsAbout('GRCB')).toHaveLength(0);
  });

  it('editing it within it sends one alert, with the new terms, a grace period after the edit', async () => {
    const { split } = await add({ ticker: 'GRCC', ratio: 20 });
    now = START + 30_000;
    const body = { newTicker: { ...fields({ ticker: 'GRCC', ratio: 40 }), _id: split._id } };
    // The form's preview names the message the save sends: the held announcement, with the new terms.
    const preview = await call(t.app, 'POST', '/api/rs/preview', { token: admin.token, body });
    expect(preview.body.data.alert.subject).toContain('New reverse split: GRCC 40:1');
    const edited = await call(t.app, 'POST', '/api/rs/edit', { token: admin.token, body });
    expect(edited.status).toBe(200);
    expect(edited.body.data.alertsAt).toBe(new Date(START + 90_000).toISOString());
    now = START + 61_000;
    await deliver();
    expect(mailsAbout('GRCC')).toHaveLength(0);
    now = START + 91_000;
    await deliver();
    const sent = mailsAbout('GRCC');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(preview.body.data.alert.subject);
    expect(sent[0]!.text.startsWith(preview.body.data.alert.text)).toBe(true);
    expect(discordsAbout('GRCC')).toHaveLength(1);
    expect(discordsAbout('GRCC')[0]).toContain('40:1');
  });

  it("the admin's Undo stops them (audited); a second Undo is told they are no longer held", async () => {
    const { split } = await add({ ticker: 'GRCD' });
    now = START + 5_000;
    const undo = () => call(t.app, 'POST', '/api/rs/alerts/undo', { token: admin.token, body: { id: split._id } });
    const first = await undo();
    expect(first.status).toBe(200);
    expect(first.body.data.cancelled).toBeGreaterThan(0);
    const again = await undo();
    expect(again.status).toBe(409);
    expect(again.body.errors[0].msg).toBe('These alerts are no longer held: they have gone out or were already stopped.');
    const audit = await t.database.query<{ actor_id: string }>(
      `select actor_id::text as actor_id from audit_log where action = 'split.alerts.undo' and target_id = $1`,
      [split._id],
    );
    expect(audit.rows.map((r) => r.actor_id)).toEqual([admin.user.id]);
    now = START + 120_000;
    await deliver();
    expect(mailsAbout('GRCD')).toHaveLength(0);
    expect(discordsAbout('GRCD')).toHaveLength(0);
  });

  it('Undo is for admins, and after the grace period there is nothing to undo', async () => {
    const { split } = await add({ ticker: 'GRCE' });
    const asPro = await call(t.app, 'POST', '/api/rs/alerts/undo', { token: pro.token, body: { id: split._id } });
    expect(asPro.status).toBe(403);
    const bad = await call(t.app, 'POST', '/api/rs/alerts/undo', { token: admin.token, body: { id: 'nope' } });
    expect(bad.status).toBe(400);
    now = START + 61_000;
    await deliver();
    const late = await call(t.app, 'POST', '/api/rs/alerts/undo', { token: admin.token, body: { id: split._id } });
    expect(late.status).toBe(409);
    expect(mailsAbout('GRCE')).toHaveLength(1);
  });
});
