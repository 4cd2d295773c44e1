import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The message with quoted-printable soft breaks and escapes decoded (enough to read links). */
  decoded: string;
  /** When the message finished arriving (Date.now()). */
  at: number;
}

/**
 * A real SMTP server on a random local port that keeps every message it receives. `hold(match)`
 * keeps matching messages but withholds the server's answer to them until `release()` (the sender
 * sees a send still in flight, as with a slow provider).
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let holding: ((m: ReceivedMail) => boolean) | null = null;
  let held: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          at: Date.now(),
          decoded: raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        };
        received.push(mail);
        if (holding?.(mail)) held.push(() => callback());
        else callback();
      });
    },
  });
  // A client that dies mid-message (a killed worker) resets its connection: that is the client's
  // fault, not the server's, so it is kept here rather than thrown as an unhandled 'error' event.
  const connectionErrors: Error[] = [];
  server.on('error', (err: Error) => connectionErrors.push(err));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    connectionErrors,
    hold(match: (m: ReceivedMail) => boolean) {
      holding = match;
    },
    /** How many answers are withheld now. */
    held: () => held.length,
    release() {
      holding = null;
      const answers = held;
      held = [];
      for (const answer of answers) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
