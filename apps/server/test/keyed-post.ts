import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pRetry from 'p-retry';
import { RETRY_503 } from '@roundup/shared';

/** A member's POST as the web app sends it, with or without an Idempotency-Key, and what came back. */
export interface Sent {
  status: number;
  body: { data: any; errors: { msg: string }[] };
  headers: Record<string, unknown>;
  raw: string;
}

export async function keyedPost(app: FastifyInstance, token: string, url: string, body: unknown, key?: string): Promise<Sent> {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body as never,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res.body };
}

/**
 * A keyed write as the web app really sends it: a fresh key, and on a 503 (a route shedding load, a lock wait that
 * ran out) the same request again with the same key on the app's schedule. Answers the last answer and how many
 * 503s came before it.
 */
export async function postAsApp(
  app: FastifyInstance,
  token: string,
  url: string,
  body: unknown,
): Promise<Sent & { unavailable: number }> {
  const key = randomUUID();
  let unavailable = 0;
  let last: Sent | undefined;
  const busy = new Error('503');
  try {
    const sent = await pRetry(
      async () => {
        last = await keyedPost(app, token, url, body, key);
        if (last.status !== 503) return last;
        unavailable += 1;
        throw busy;
      },
      // Only a 503 is sent again; anything else (an answer that is not JSON, say) fails the test as it is.
      { ...RETRY_503, shouldRetry: ({ error }) => error === busy },
    );
    return { ...sent, unavailable };
  } catch (err) {
    if (err !== busy || !last) throw err;
    return { ...last, unavailable };
  }
}
