import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  addSplitOfLastSession,
  ADMIN,
  apiLogin,
  failOnConsoleErrors,
  FULL,
  newIdentity,
  nyLastSessionDay,
  openCalendarDay,
  recordOutcome,
  signInAs,
} from './fixtures';

/**
 * What other members got, in the browser: three members record outcomes at one broker on today's split; a Pro
 * member reads "<broker>: 2 received, 1 cash in lieu, 1 pending, from 3 members" on the agenda entry.
 * Screenshots at 1280 and 375 px for review.
 */
// The split's day is one whose outcomes can already be recorded: today, or Friday on a weekend.
const nyToday = nyLastSessionDay;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a member, gives them `role` as an admin, and answers their login and token. */
async function memberAs(request: APIRequestContext, admin: string, role: 'Pro' | 'Member') {
  const who = newIdentity('peer');
  const reg = await request.post('/api/auth/register', { data: { ...who, consent: true } });
  expect(reg.status(), await reg.text()).toBe(200);
  const { token, user } = (await reg.json()).data as { token: string; user: { _id: string } };
  const edited = await request.post('/api/users/admin-edit', { headers: auth(admin), data: { id: user._id, role } });
  expect(edited.status(), await edited.text()).toBe(200);
  return [who, token] as const;
}

test('a Pro member sees what other members got at each broker on the split', FULL, async ({ page, request }) => {
  const today = nyToday();
  const ticker = `PO${Date.now().toString(36).slice(-4).toUpperCase()}`;
  const admin = await apiLogin(request, ADMIN);
  const splitId = await addSplitOfLastSession(request, admin, 'Peer Outcome Corp', ticker);
  const brokers = (await (await request.get('/api/brokers')).json()).data.brokers as { _id: string; name: string }[];
  const broker = brokers[0];

  // Fresh members (the demo accounts stay as other journeys expect them): a Pro, and a Member.
  const [proWho, pro] = await memberAs(request, admin, 'Pro');
  const [, third] = await memberAs(request, admin, 'Member');
  await recordOutcome(request, pro, broker._id, splitId, 'share_received');
  await recordOutcome(request, pro, broker._id, splitId, 'pending');
  await recordOutcome(request, admin, broker._id, splitId, 'share_received');
  await recordOutcome(request, third, broker._id, splitId, 'cash_in_lieu');

  const errors = failOnConsoleErrors(page);
  await signInAs(page, request, proWho);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/reverse-splits');
    await openCalendarDay(page, today);
    const entry = page.getByTestId('agenda-item').filter({ hasText: ticker });
    await expect(entry.getByTestId('peer-outcomes')).toContainText(
      `${broker.name}: 2 received, 1 cash in lieu, 1 pending, from 3 members`,
    );
    await entry.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/peer-outcomes-agenda-${width}.png`, fullPage: false });
  }
  errors();
});
