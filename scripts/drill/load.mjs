// The drill's load (scripts/fault-drill.mjs): members who read the calendar, edit a trade and sign in, about
// 100 requests a second over both replicas; every answer is kept, and each fault's window is reported from them.
import { setTimeout as sleep } from 'node:timers/promises';

// ── the load ────────────────────────────────────────────────────────────────────────────────
export const answers = []; // { t, status, kind }
export const acked = new Map(); // tradeId → last acknowledged price
export const tried = new Map(); // tradeId → prices sent since that acknowledgement
let loadOn = true;
/** Ends every member's loop after its current request. */
export const stopLoad = () => {
  loadOn = false;
};

export async function request(base, method, route, { token, body, key } = {}) {
  const t = Date.now();
  try {
    const res = await fetch(base + route, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const json = await res.json().catch(() => null);
    return { t, status: res.status, ms: Date.now() - t, json };
  } catch {
    return { t, status: 0, ms: Date.now() - t, json: null };
  }
}

export async function member(urls, m, k) {
  for (let n = 1; loadOn; n += 1) {
    const base = urls[n % 2];
    const pick = n % 8;
    let a;
    if (pick === 0) {
      a = await request(base, 'POST', '/api/auth/login', { body: { email: m.email, password: m.password } });
      answers.push({ ...a, kind: 'sign-in' });
    } else if (pick % 2 === 1) {
      a = await request(base, 'GET', '/api/rs', { token: m.token });
      answers.push({ ...a, kind: 'calendar' });
    } else {
      // Unique per member and edit, with the 4 decimals a price may have (5 were refused with 400).
      const price = Number(((k + 1) * 1000 + n / 10_000).toFixed(4));
      tried.set(m.tradeId, [...(tried.get(m.tradeId) ?? []), price]);
      a = await request(base, 'POST', '/api/trades/edit', {
        token: m.token,
        body: { newTrade: { _id: m.tradeId, buy_price: price } },
      });
      answers.push({ ...a, kind: 'trade edit' });
      if (a.status === 200) {
        acked.set(m.tradeId, price);
        tried.set(m.tradeId, []);
      }
    }
    await sleep(Math.max(0, 80 - a.ms));
  }
}

/** Liveness every 250 ms, over both replicas: a supervisor's probe (kind `health`). */
export async function prober(urls) {
  for (let n = 0; loadOn; n += 1) {
    const a = await request(urls[n % 2], 'GET', '/api/health');
    answers.push({ ...a, kind: 'health' });
    await sleep(Math.max(0, 250 - a.ms));
  }
}

export async function readBack(urls, members, splitId) {
  let missing = 0;
  for (const m of members) {
    const r = await request(urls[0], 'GET', `/api/trades/s/${m.accountId}/${splitId}`, { token: m.token });
    const stored = r.json?.data?.trade?.buy_price;
    const allowed = [acked.get(m.tradeId) ?? 1, ...(tried.get(m.tradeId) ?? [])];
    if (!allowed.includes(stored)) missing += 1;
  }
  return missing;
}
