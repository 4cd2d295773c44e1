import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addSplit, insertBroker } from '../../../test/factories';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { render } from '../notifications/templates';
import { openEventStream } from '../../../test/event-stream';

/**
 * Issuer risk on a split (decision 045): Pro members and admins get `risk` on every whole row (list
 * and by id), worst reason first; Starter members, visitors, the live stream and the iCal feed never
 * see it. Admins record an issuer's clawback with its source link.
 */

// 15:00 UTC = 10:00 in New York on Tuesday 10 March 2026.
const NOW = new Date('2026-03-10T15:00:00Z');

let t: TestApp;
const tokens = { User: '', Pro: '', Admin: '' };
let upcomingId = '';
const CLAWBACK = {
  name: 'Riskco Therapeutics',
  ticker: 'zqrisk',
  kind: 'reversed',
  date: '2024-05-01',
  source: 'https://example.org/riskco-clawback',
};

const proRow = async () =>
  (await call(t.app, 'GET', '/api/rs', { token: tokens.Pro })).body.data.splits.find((s: any) => s._id === upcomingId);

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  for (const role of ['User', 'Pro', 'Admin'] as const) {
    const u = await registerUser(t.app);
    if (role !== 'User') await setRole(t.database, u.user._id ?? u.user.id, role);
    tokens[role] = u.token;
  }
  const issuer = { name: 'Riskco Therapeutics Inc.', ticker: 'ZQRISK', exchange: 'Nasdaq' };
  // A 1-for-25 split last June: with this 1-for-10 the issuer reaches Nasdaq's 250:1 cap.
  await addSplit(t.app, tokens.Admin, { ...issuer, status: 'Complete', effDate: '2025-06-02', buyDate: '2025-05-30', ratio: 25 });
  const up = await addSplit(t.app, tokens.Admin, {
    ...issuer,
    effDate: '2026-03-13',
    buyDate: '2026-03-12',
    ratio: 10,
    price: 0.08,
    participant: true,
    source: 'https://www.sec.gov/Archives/edgar/data/1/riskco-8k.htm',
  });
  upcomingId = up._id;
  // Announced Tuesday after the close: Wednesday and Thursday are the only sessions before Friday's split.
  await t.database.query(`update reverse_splits set filed_at = '2026-03-10T21:00:00Z' where id = $1`, [upcomingId]);
});
afterAll(async () => t?.close());

describe('issuer risk on a split', () => {
  it('gives Pro members every reason, worst first, and the worst level', async () => {
    const row = await proRow();
    expect(row.risk.level).toBe('high');
    expect(row.risk.reasons.map((r: any) => r.code)).toEqual([
      'cumulative_ratio',
      'short_notice',
      'sub_dime',
      'participant_level',
    ]);
    expect(row.risk.reasons[1]).toEqual({
      code: 'short_notice',
      text: 'Announced only 2 market sessions before the split',
      source: 'https://www.sec.gov/Archives/edgar/data/1/riskco-8k.htm',
    });
  });

  it('an admin records a clawback with its source; the lists and the split page say so at once', async () => {
    const bad = await call(t.app, 'POST', '/api/admin/clawbacks', {
      token: tokens.Admin,
      body: { ...CLAWBACK, source: 'ftp://x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ data: null, errors: [expect.objectContaining({ msg: 'Source link must be an https:// link' })] });
    expect((await call(t.app, 'POST', '/api/admin/clawbacks', { token: tokens.Pro, body: CLAWBACK })).status).toBe(403);

    const saved = await call(t.app, 'POST', '/api/admin/clawbacks', { token: tokens.Admin, body: CLAWBACK });
    expect(saved.status).toBe(200);
    expect(saved.body.data.clawback).toMatchObject({ ticker: 'ZQRISK', kind: 'reversed', source: CLAWBACK.source });

    const first = { code: 'clawback_history', text: 'Issuer reversed round-up shares in 2024', source: CLAWBACK.source };
    expect((await proRow()).risk.reasons[0]).toEqual(first);
    const one = await call(t.app, 'GET', `/api/rs/ticker/${upcomingId}`, { token: tokens.Pro });
    expect(one.body.data.split.risk.reasons[0]).toEqual(first);
    const listed = await call(t.app, 'GET', '/api/admin/clawbacks', { token: tokens.Admin });
    expect(listed.body.data.clawbacks).toHaveLength(1);
  });

  it("members' clawed-back shares on an issuer's earlier split put clawback_history on its later one", async () => {
    const issuer = { name: 'Takeback Labs Inc.', ticker: 'ZQTAKE', exchange: 'Nasdaq' };
    const earlier = await addSplit(t.app, tokens.Admin, {
      ...issuer,
      status: 'Complete',
      effDate: '2025-09-02',
      buyDate: '2025-08-29',
      ratio: 5,
    });
    const later = await addSplit(t.app, tokens.Admin, { ...issuer, effDate: '2026-04-01', buyDate: '2026-03-31', ratio: 8 });
    // The split page reads it fresh (the calendar list is cached up to 30 s between split changes).
    const codes = async () =>
      ((await call(t.app, 'GET', `/api/rs/ticker/${later._id}`, { token: tokens.Pro })).body.data.split.risk?.reasons ?? []).map(
        (r: any) => r.code,
      );
    expect(await codes()).not.toContain('clawback_history');

    const account = await addAccount(t.app, tokens.Pro, {
      brokerId: await insertBroker(t.database, { name: 'Takeback Broker' }),
    });
    const bought = await call(t.app, 'POST', '/api/trades/bulk', {
      token: tokens.Pro,
      body: { splitId: earlier._id, accountIds: [account], buy_date: '2025-08-29', buy_price: 1 },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    // The share arrived and was then taken back by the issuer.
    await t.database.query(`update trades set outcome = 'clawed_back', outcome_date = '2025-09-20' where split_id = $1`, [
      earlier._id,
    ]);
    expect(await codes()).toContain('clawback_history');
  });

  it('a Pro alert about the split carries its risk, and says it in the message', async () => {
    const { rows } = await t.database.query<{ kind: string; payload: any }>(
      `select kind, payload from notification_events where payload->>'splitId' = $1 and kind in ('rsa', 'upcomingRsa')`,
      [upcomingId],
    );
    expect(rows.length).toBeGreaterThan(0);
    const { kind, payload } = rows[0];
    expect(payload.risk.level).toBe('high');
    expect(payload.risk.reasons.map((r: any) => r.code)).toEqual(['cumulative_ratio', 'sub_dime', 'participant_level']);
    const text = render(kind as 'rsa', payload, null, { appUrl: 'https://roundup.test' }).text;
    expect(text).toContain(
      "Risk: high. 250:1 in reverse splits over two years (2 splits), at or over Nasdaq's 250:1 cap; Last known price $0.08",
    );
  });

  it('never reaches a Starter member or a visitor', async () => {
    for (const token of [tokens.User, undefined]) {
      for (const url of ['/api/rs', `/api/rs/ticker/${upcomingId}`, '/api/rs/pipeline', '/api/rs/past']) {
        const text = JSON.stringify((await call(t.app, 'GET', url, { token })).body);
        expect(text, url).not.toContain('"risk"');
        expect(text, url).not.toContain('clawback');
        expect(text, url).not.toContain('market session');
      }
    }
  });

  it('is not in the iCal feed', async () => {
    const url = (await call(t.app, 'GET', '/api/rs/ical', { token: tokens.Pro })).body.data.url as string;
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('ZQRISK');
    expect(feed.body).not.toMatch(
      /clawed|clawback|reversed round-up|market session|participant \(broker\) level: your broker decides/i,
    );
  });

  it('is not in a Starter live stream when a clawback is recorded', async () => {
    const stream = await openEventStream(t.app, tokens.User);
    await stream.until('event: hello');
    const body = { ...CLAWBACK, kind: 'litigated', date: '2025-01-15' };
    expect((await call(t.app, 'POST', '/api/admin/clawbacks', { token: tokens.Admin, body })).status).toBe(200);
    const text = await stream.until('event: splits');
    stream.close();
    expect(text).toContain('data: {"kind":"changed"}');
    expect(text).not.toMatch(/risk|clawback|litigated|ZQRISK/i);
  });
});
