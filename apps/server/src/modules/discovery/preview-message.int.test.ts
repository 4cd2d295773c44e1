import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';

/**
 * The Accept review shows the message members get: one renderer for the preview and the send, fed the
 * same split fields. A participant-level round-up said "Round up" in the preview and "Round up
 * (participant level)" in the email.
 */
let t: TestApp;
let admin: Member;
let pro: Member;
const { mails, adapters } = recordingAdapters();

beforeAll(async () => {
  t = await createTestApp({ ...adapters, clock: () => new Date('2026-11-23T15:00:00Z') });
  admin = await member(t.app, 'Admin', { verified: true });
  pro = await member(t.app, 'Pro', { verified: true });
});
afterAll(() => t?.close());

describe('the accept preview is the message', () => {
  it('a participant-level round-up reads the same in the preview and the email', async () => {
    await t.database.query(
      `insert into edgar_filings (accession, cik, company, form, file_date, found_by) values ('0000000000-26-000901', '7654321', 'Part Corp', '8-K', '2026-11-20', 'search')`,
    );
    const { rows } = await t.database.query<{ id: string }>(
      `insert into discovery_proposals (accession, cik, company, ticker, form, file_date, ratio, market_date, buy_by, rounding, confidence)
       values ('0000000000-26-000901', '7654321', 'Part Corp', 'PRTC', '8-K', '2026-11-20', 30, '2026-12-03', '2026-12-02', 'ROUND_UP_PARTICIPANT', 0.9)
       returning id::text as id`,
    );
    const body = { id: rows[0].id, edits: { price: 1.2 } };
    const preview = await call(t.app, 'POST', '/api/admin/discoveries/preview', { token: admin.token, body });
    expect(preview.status).toBe(200);
    const alert = preview.body.data.alert;
    expect(alert.subject).toBe('New reverse split: PRTC 30:1, Round up (participant level)');

    expect((await call(t.app, 'POST', '/api/admin/discoveries/accept', { token: admin.token, body })).status).toBe(200);
    await drainDeliveries(t.app.ctx);
    const sent = mails.find((m) => m.to === pro.email && m.subject.includes('PRTC'));
    expect(sent?.subject).toBe(alert.subject);
    // The email adds the member's own footer (the unsubscribe link); everything before it is the preview, word for word.
    expect(alert.text).toContain('Round up (participant level) (not yet confirmed)');
    expect(sent?.text.startsWith(alert.text)).toBe(true);
  });
});
