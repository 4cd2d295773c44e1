import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The message with quoted-printable soft breaks and escapes decoded (enough to read links). */
  decoded: string;
}

/** A real SMTP server on a random local port that keeps every message it receives. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          decoded: raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
