import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN, apiLogin, newIdentity } from './fixtures';

/**
 * What an import journey starts from: a Complete split (effective 2026-11-10, buy day 2026-11-06) under a
 * ticker of this run, and a Pro member with the named accounts at the broker `pick` chooses.
 */
export async function importMember(
  request: APIRequestContext,
  prefix: string,
  pick: (brokers: { _id: string; name: string }[]) => { _id: string; name: string },
  nicknames: readonly string[],
) {
  const admin = await apiLogin(request, ADMIN);
  const ticker = `${prefix}${Date.now().toString(36).slice(-4).toUpperCase()}${Math.floor(Math.random() * 10)}`;
  const added = await request.post('/api/rs/add', {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      newTicker: {
        name: 'Acme Robotics',
        ticker,
        effDate: '2026-11-10',
        buyDate: '2026-11-06',
        ratio: 10,
        price: 0.5,
        status: 'Complete',
        rsType: 'Round Up',
      },
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const me = newIdentity(prefix.toLowerCase());
  const { token, user } = (await (await request.post('/api/auth/register', { data: { ...me, consent: true } })).json()).data;
  await request.post('/api/users/admin-edit', {
    data: { id: user._id, role: 'Pro' },
    headers: { authorization: `Bearer ${admin}` },
  });
  const broker = pick((await (await request.get('/api/brokers')).json()).data.brokers);
  for (const nickname of nicknames) {
    const res = await request.post('/api/accounts/add', {
      data: { newAccount: { brokerId: broker._id, type: 'Individual Cash', nickname } },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { token: token as string, ticker, broker: broker.name };
}
