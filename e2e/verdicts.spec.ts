import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  addSplitOfLastSession,
  ADMIN,
  apiLogin,
  failOnConsoleErrors,
  fullUnless,
  lastOutboxMessage,
  newIdentity,
  nyLastSessionDay,
  openCalendarDay,
  recordOutcome,
  signInAs,
} from './fixtures';

/**
 * The verdict, pushed (decision 044): a Pro member whose round-up at a broker is still pending has the
 * calendar open; three other members record "share received" at that broker; the verdict appears on the
 * open calendar without a reload, and the same sentence is in the member's email (the local outbox).
 * Once per width, each with its own split and members, so both prove the live arrival. Screenshots at 1280 and
 * 375 px. The 375 px pass is the full run's: trades/verdicts.int.test.ts holds the fan-out, the live signal and the
 * message, and the table's phone cards are the same rows.
 */
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new Pro member with a verified address (alerts go to verified addresses only): login and token. */
async function verifiedPro(request: APIRequestContext, admin: string) {
  const who = newIdentity('vrd');
  const reg = await request.post('/api/auth/register', { data: { ...who, consent: true } });
  expect(reg.status(), await reg.text()).toBe(200);
  const { token, user } = (await reg.json()).data as { token: string; user: { _id: string } };
  const edited = await request.post('/api/users/admin-edit', {
    headers: auth(admin),
    data: { id: user._id, role: 'Pro', email_validated: true },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  return { who, token };
}

for (const width of [1280, 375]) {
  const title = `three members report a share at a broker: a member still pending there sees it live and gets it by email (${width} px)`;
  test(title, fullUnless(width === 1280), async ({ page, request }) => {
    const admin = await apiLogin(request, ADMIN);
    const broker = ((await (await request.get('/api/brokers')).json()).data.brokers as { _id: string; name: string }[])[0];
    const errors = failOnConsoleErrors(page);
    const waiting = await verifiedPro(request, admin);
    const reporters = [await verifiedPro(request, admin), await verifiedPro(request, admin), await verifiedPro(request, admin)];
    await signInAs(page, request, waiting.who);
    const ticker = `VD${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const splitId = await addSplitOfLastSession(request, admin, 'Verdict Corp', ticker);
    await recordOutcome(request, waiting.token, broker._id, splitId, 'pending');

    await page.setViewportSize({ width, height: 900 });
    await page.goto('/reverse-splits');
    await openCalendarDay(page, nyLastSessionDay());
    const entry = page.getByTestId('agenda-item').filter({ hasText: ticker });
    await expect(entry).toBeVisible();
    await expect(entry.getByTestId('verdict')).toHaveCount(0);

    for (const r of reporters) await recordOutcome(request, r.token, broker._id, splitId, 'share_received');
    const sentence = `${ticker} rounded up at ${broker.name}: 3 members got their share. Sell as ${ticker}.`;
    // No reload: the live stream's signal brings the new row.
    await expect(entry.getByTestId('verdict')).toHaveText(`Rounded up${sentence}`, { timeout: 15_000 });
    await entry.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/verdict-agenda-${width}.png`, fullPage: false });
    // The table row says it too (a card at phone width).
    await page.getByText('Table', { exact: true }).click();
    const row = page.getByTestId('upcoming-row').filter({ hasText: ticker });
    await expect(row.getByTestId('verdict')).toHaveText(`Rounded up${sentence}`);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/verdict-table-${width}.png`, fullPage: false });

    // The message the wait found is the one read: another journey's split alert to every Pro member can become the
    // member's last message a moment later.
    let mail: Awaited<ReturnType<typeof lastOutboxMessage>> | undefined;
    await expect
      .poll(async () => (mail = await lastOutboxMessage(request, waiting.who.email))?.subject, { timeout: 20_000 })
      .toBe(sentence.replace(/\.$/, ''));
    expect(mail?.body).toContain(sentence);
    expect(mail?.body).toMatch(/Unsubscribe: http:\/\/localhost:\d+\/api\/notifications\/unsubscribe\?token=/);
    // The reporters are told nothing: their own outcome is no news to them.
    for (const r of reporters) expect((await lastOutboxMessage(request, r.who.email))?.subject ?? '').not.toContain(ticker);
    errors();
  });
}
