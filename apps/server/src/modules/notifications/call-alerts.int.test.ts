import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitFields } from '../../../test/factories';
import { call, createTestApp, registerQuietAdmin, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';
import { notificationsService } from './service';

/**
 * Every alert (email, SMS, WhatsApp, Discord) and every iCal event names the call;
 * only a round-up says "Buy" or shows an estimated profit (participant level says so); every channel,
 * SMS included, carries the buy-by deadline. Clock: Friday 2026-11-20, 10:00 New York.
 */
const NOW = Date.parse('2026-11-20T15:00:00Z');
let t: TestApp;
const { mails, texts, discords, adapters } = recordingAdapters();
let admin: { token: string; user: { id: string } };
let pro: { token: string; user: { id: string }; email: string };

async function addAndDeliver(over: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/rs/add', {
    token: admin.token,
    body: { newTicker: splitFields({ buyDate: '2026-12-02', effDate: '2026-12-03', exchange: 'Nasdaq', price: 2, ...over }) },
  });
  expect(res.status).toBe(200);
  while ((await notificationsService(t.app.ctx).expandFanouts()) > 0);
  await drainDeliveries(t.app.ctx);
}

beforeAll(async () => {
  t = await createTestApp({ ...adapters, clock: () => new Date(NOW) });
  admin = await registerQuietAdmin(t);
  pro = await registerUser(t.app, { verified: true });
  await setRole(t.database, pro.user.id, 'Pro');
  await t.database.query(`update users set phone = '+14155550142', phone_validated = true, notify_rsa_sms = true where id = $1`, [
    pro.user.id,
  ]);
  mails.length = 0;
});
afterAll(() => t?.close());

describe('the call in alerts', () => {
  it('a cash-in-lieu split: every channel names the call and the deadline, none says buy or shows a profit', async () => {
    await addAndDeliver({ ticker: 'DXVQ', rsType: 'CIL', ratio: 30 });
    const mail = mails.find((m) => m.to === pro.email && m.subject.includes('DXVQ'))!;
    expect(mail.subject).toBe('New reverse split: DXVQ 30:1, Cash in lieu');
    expect(mail.text).toContain('DXVQ), 30:1, Cash in lieu (not yet confirmed), buy by December 02, 2026');
    expect(mail.text).toContain('no estimated profit');
    expect(mail.text).not.toMatch(/estimated profit \$/);
    const sms = texts.find((x) => x.channel === 'sms' && x.body.includes('DXVQ'))!;
    expect(sms.body).toContain('Cash in lieu');
    expect(sms.body).toContain('Cash in lieu (not yet confirmed). Buy-by deadline 4:00 pm ET Wed Dec 2');
    expect(sms.body).not.toMatch(/\bBuy (by|DXVQ)/);
    const discord = discords.find((d) => d.includes('DXVQ'))!;
    expect(discord).toContain('Cash in lieu');
    expect(discord).not.toMatch(/estimated profit \$/);
  });

  it('a participant-level round-up shows the profit with the caveat beside it', async () => {
    await addAndDeliver({ ticker: 'PRTQ', rsType: 'Round Up', participant: true, ratio: 20 });
    const mail = mails.find((m) => m.to === pro.email && m.subject.includes('PRTQ'))!;
    expect(mail.subject).toBe('New reverse split: PRTQ 20:1, Round up (participant level)');
    expect(mail.text).toMatch(/estimated profit \$38\.00 per account\. Rounded up at the participant \(broker\) level/);
    const sms = texts.find((x) => x.channel === 'sms' && x.body.includes('PRTQ'))!;
    expect(sms.body).toContain('Round up (participant level)');
    expect(sms.body).toContain('Buy by 4:00 pm ET Wed Dec 2');
  });

  it('the iCal feed: "Buy" only for the round-up; the others say what is known', async () => {
    const url = new URL((await call(t.app, 'GET', '/api/rs/ical', { token: pro.token })).body.data.url);
    const feed = (await t.app.inject({ method: 'GET', url: url.pathname })).body.replace(/\r\n /g, '');
    expect(feed).toContain('SUMMARY:DXVQ reverse split — cash in lieu · 30:1 · buy-by 4:00 pm ET');
    expect(feed).not.toContain('Buy DXVQ');
    const dxvq = feed.split('BEGIN:VEVENT').find((e) => e.includes('DXVQ'))!;
    expect(dxvq).toContain('Call: Cash in lieu. Not yet confirmed. Buy-by deadline 4:00 pm ET');
    expect(dxvq).not.toMatch(/Estimated profit \$/);
    expect(feed).toContain('SUMMARY:Buy PRTQ by 4:00 pm ET · 20:1 reverse split · Round up (participant level) · est. $38.00');
  });
});
