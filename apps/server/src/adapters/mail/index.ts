import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { schema } from '../../db/client';
import { emailDocument } from '../../lib/html';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** The Message-ID header, angle brackets included (e.g. `<key@host>`); the SMTP library makes one when absent. */
  messageId?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ id: string }>;
  close?(): void;
}

/** Real SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(m) {
      const info = await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html === undefined ? undefined : emailDocument(m.subject, m.html),
        headers: m.headers,
        messageId: m.messageId,
      });
      return { id: info.messageId };
    },
    close: () => transport.close(),
  };
}

/** Local stand-in: the message goes to the outbox table (admins can read it) and the log. */
export function outboxMailer(database: Database, log: (msg: string) => void = () => undefined): Mailer {
  return {
    kind: 'outbox',
    async send(m) {
      const [row] = await database.db
        .insert(schema.outbox)
        .values({
          channel: 'email',
          recipient: m.to,
          subject: m.subject,
          body: m.text,
          html: m.html === undefined ? null : emailDocument(m.subject, m.html),
        })
        .returning({ id: schema.outbox.id });
      log(`[outbox] email to ${m.to}: ${m.subject}`);
      return { id: row.id };
    },
  };
}
