import type { FastifyInstance } from 'fastify';
import { call } from './helpers';

/**
 * A member's live stream (`GET /api/events`), opened the way the web app opens it: the app listens on a free
 * port, the member's session buys a ticket, and the stream is read as it arrives. `until` waits for a string
 * (the stream ending first is an error) and answers everything read so far; `close` ends it.
 */
export async function openEventStream(app: FastifyInstance, token: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const ticket = (await call(app, 'POST', '/api/events/ticket', { token })).body.data.ticket as string;
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, { signal: ctrl.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    async until(needle: string): Promise<string> {
      while (!text.includes(needle)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`stream ended without "${needle}": ${text}`);
        text += decoder.decode(chunk.value);
      }
      return text;
    },
    close: () => ctrl.abort(),
  };
}
