import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import type TwilioRequestClient from 'twilio/lib/base/RequestClient';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionToday } from '../../test/factories';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../test/helpers';
import { startSmtpSink } from '../../test/smtp';
import { deliveryMessageId } from '../modules/notifications/delivery';
import { notificationsService } from '../modules/notifications/service';
import { webhookDiscord } from './discord';
import { smtpMailer } from './mail';
import { twilioSender } from './sms';

/** The real adapters against local protocol peers (product.md#running). */

interface Hit {
  path: string;
  body: string;
  auth: string | undefined;
}

async function httpPeer(answer: (req: IncomingMessage, body: string) => { status: number; json: unknown }) {
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      hits.push({ path: req.url ?? '', body, auth: req.headers.authorization });
      const a = answer(req, body);
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { hits, url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A twilio RequestClient that sends the SDK's requests to a local server instead of api.twilio.com. */
class LocalRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }
  override request<T>(opts: TwilioRequestClient.RequestOptions<T>) {
    return super.request<T>({ ...opts, uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, this.base) });
  }
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let twilioPeer: Awaited<ReturnType<typeof httpPeer>>;
let discordPeer: Awaited<ReturnType<typeof httpPeer>>;
let sid = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  twilioPeer = await httpPeer((_req, body) => {
    sid += 1;
    const p = new URLSearchParams(body);
    return {
      status: 201,
      json: {
        sid: `SM${String(sid).padStart(32, '0')}`,
        status: 'queued',
        to: p.get('To'),
        from: p.get('From'),
        body: p.get('Body'),
      },
    };
  });
  discordPeer = await httpPeer(() => ({ status: 200, json: { id: '123456789012345678' } }));
  const httpClient = new LocalRequestClient(twilioPeer.url);
  const keys = { accountSid: 'AC' + '0'.repeat(32), authToken: 'test-auth-token' };
  t = await createTestApp({
    mailer: smtpMailer(smtp.url, 'RoundUp <no-reply@roundup.test>'),
    sms: twilioSender({ ...keys, from: '+15005550006', channel: 'sms', httpClient }),
    whatsapp: twilioSender({ ...keys, from: '+15005550007', channel: 'whatsapp', httpClient }),
    discord: webhookDiscord(`${discordPeer.url}/api/webhooks/1/abc`),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await twilioPeer.close();
  await discordPeer.close();
});

describe('real adapters against local peers', () => {
  it('a new split reaches SMTP, Twilio SMS and WhatsApp, and the Discord webhook', async () => {
    const admin = await registerUser(t.app);
    await setRole(t.database, admin.user.id, 'Admin');
    await call(t.app, 'POST', '/api/users/update-self', { token: admin.token, body: { notifications: { rsa: false } } });
    const pro = await registerUser(t.app, { verified: true });
    await setRole(t.database, pro.user.id, 'Pro');
    await t.database.query(
      `update users set phone = '+14155550132', phone_validated = true, notify_rsa_sms = true, notify_rsa_whatsapp = true where id = $1`,
      [pro.user.id],
    );
    smtp.received.length = 0;

    const today = sessionToday();
    const add = await call(t.app, 'POST', '/api/rs/add', {
      token: admin.token,
      body: {
        newTicker: {
          name: 'Acme Corp',
          ticker: 'ACME',
          effDate: today,
          buyDate: today,
          ratio: 10,
          price: 1.5,
          status: 'Upcoming',
          rsType: 'Round Up',
        },
      },
    });
    expect(add.status).toBe(200);
    const service = notificationsService(t.app.ctx);
    while (
      (await service.deliverBatch({ batchSize: 50, concurrency: 5, leaseMs: 60_000, backoffBaseMs: 0, maxAttempts: 3 })) > 0
    );

    // SMTP: one email with text and HTML parts and the List-Unsubscribe headers.
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual([pro.email]);
    expect(mail.raw).toContain('Subject: New reverse split: ACME 10:1, Round up');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    const headers = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n(?=[ \t])/g, '');
    expect(headers).toMatch(/List-Unsubscribe: <http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[^>]+>/);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The delivery's own Message-ID (from its idempotency key, the same on every try), kept as its provider id.
    const [delivery] = (
      await t.database.query<{ idem_key: string; provider_id: string }>(
        `select idem_key, provider_id from notification_deliveries where channel = 'email'`,
      )
    ).rows;
    const messageId = deliveryMessageId(delivery.idem_key, t.config.appUrl);
    expect(messageId).toMatch(/^<[A-Za-z0-9_%-]+@localhost>$/);
    expect(headers).toMatch(new RegExp(`^Message-ID: ${messageId}$`, 'im'));
    expect(delivery.provider_id).toBe(messageId);

    // Twilio: the real SDK posted to the Messages API with basic auth.
    const messages = twilioPeer.hits.filter((h) => h.path === `/2010-04-01/Accounts/AC${'0'.repeat(32)}/Messages.json`);
    expect(messages).toHaveLength(2);
    const forms = messages.map((m) => Object.fromEntries(new URLSearchParams(m.body)));
    expect(forms).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ To: '+14155550132', From: '+15005550006' }),
        expect.objectContaining({ To: 'whatsapp:+14155550132', From: 'whatsapp:+15005550007' }),
      ]),
    );
    expect(forms[0].Body).toContain('ACME');
    expect(messages[0].auth).toBe(`Basic ${Buffer.from(`AC${'0'.repeat(32)}:test-auth-token`).toString('base64')}`);

    // Discord: one webhook call with the announcement.
    expect(discordPeer.hits).toHaveLength(1);
    expect(discordPeer.hits[0].path).toBe('/api/webhooks/1/abc?wait=true');
    expect(JSON.parse(discordPeer.hits[0].body).content).toContain('ACME');

    // The delivery log keeps the provider ids.
    const log = await call(t.app, 'GET', '/api/notifications/deliveries', { token: admin.token });
    const ids = log.body.data.deliveries.map((d: { providerId: string }) => d.providerId);
    expect(ids).toEqual(expect.arrayContaining(['123456789012345678', expect.stringMatching(/^SM0+\d$/)]));
  });

  it('a Discord error is a failed try with the status in the log', async () => {
    const down = await httpPeer(() => ({ status: 500, json: { message: 'boom' } }));
    await expect(webhookDiscord(`${down.url}/x`).send({ content: 'hi' })).rejects.toThrow('Discord webhook answered 500');
    await down.close();
  });
});
