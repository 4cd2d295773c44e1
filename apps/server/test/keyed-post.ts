import type { FastifyInstance } from 'fastify';

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
