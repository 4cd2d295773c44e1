import { describe, expect, it } from 'vitest';
import { base64UrlBytes, pushSubscribeRequest } from './push';

const p256dh = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const auth = 'tBHItJI5svbpez7KI4CCXg';
const endpoint = 'https://fcm.googleapis.com/fcm/send/cdE:APA91bH';

describe('base64UrlBytes', () => {
  it.each([
    ['', 0],
    ['AA', 1],
    ['AAA', 2],
    ['AAAA', 3],
    ['AA==', 1],
    [auth, 16],
    [p256dh, 65],
  ])('%s → %i bytes', (s, n) => expect(base64UrlBytes(s)?.length).toBe(n));
  it('reads the bytes', () => expect([...base64UrlBytes('_-8')!]).toEqual([0xff, 0xef]));
  it.each(['A', 'a+b/', 'ab cd', 'AA=A'])('%s is not base64url', (s) => expect(base64UrlBytes(s)).toBeNull());
});

describe('pushSubscribeRequest', () => {
  it('takes a browser subscription', () =>
    expect(pushSubscribeRequest.safeParse({ endpoint, keys: { p256dh, auth } }).success).toBe(true));
  it.each([
    ['http endpoint', { endpoint: endpoint.replace('https', 'http'), keys: { p256dh, auth } }],
    ['credentials in the endpoint', { endpoint: 'https://user:pw@fcm.googleapis.com/x', keys: { p256dh, auth } }],
    ['a space in the endpoint', { endpoint: 'https://fcm.googleapis.com/a b', keys: { p256dh, auth } }],
    ['a compressed key', { endpoint, keys: { p256dh: `A${p256dh.slice(1, 44)}`, auth } }],
    ['a key not starting 0x04', { endpoint, keys: { p256dh: `A${p256dh.slice(1)}`, auth } }],
    ['a short auth secret', { endpoint, keys: { p256dh, auth: auth.slice(0, 20) } }],
    ['no keys', { endpoint }],
  ])('refuses %s', (_name, body) => expect(pushSubscribeRequest.safeParse(body).success).toBe(false));
});
