import type { Notifications } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { pushDelivery } from './push-delivery';
import type { NotificationsRepo } from './repo';

export interface DeliveryOptions {
  batchSize: number;
  concurrency: number;
  leaseMs: number;
  backoffBaseMs: number;
  maxAttempts: number;
}

export const DEFAULT_DELIVERY: DeliveryOptions = {
  batchSize: 200,
  concurrency: 20,
  leaseMs: 15_000,
  backoffBaseMs: 30_000,
  maxAttempts: 5,
};

/** What the delivery worker's steps (delivery.ts and the files it calls) work with. */
export interface DeliveryDeps {
  ctx: AppContext;
  repo: NotificationsRepo;
  push: ReturnType<typeof pushDelivery>;
  unsubscribeUrl: (userId: string, pref: keyof Notifications) => string;
}
