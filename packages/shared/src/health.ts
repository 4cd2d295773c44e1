import { z } from 'zod';

/** GET /api/health (liveness): the database answered. */
export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  mail: z.enum(['smtp', 'outbox']),
});

/** GET /api/ready (readiness, decision 017): 200 when ready, else 503 with the same data and the reasons as errors. */
export const readinessSchema = z.object({
  ready: z.boolean(),
  /** `degraded`: it answers, but requests run out of time (a lock, slow statements, no free connection); see `reasons`. */
  database: z.enum(['ok', 'unreachable', 'degraded']),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
  queue: z.object({ depth: z.number().int(), oldestAgeSeconds: z.number(), maxLagSeconds: z.number() }).nullable(),
  /**
   * The shared rate-limit counters (decision 019): `off` without REDIS_URL; `unreachable` while each
   * process counts in its own memory. Not a reason to take traffic away: every replica is in the same state.
   */
  redis: z.enum(['ok', 'unreachable', 'off']),
  reasons: z.array(z.string()),
  /** What works in a degraded way while the process stays ready (Redis unreachable). */
  degraded: z.array(z.string()),
});
export type Readiness = z.infer<typeof readinessSchema>;
