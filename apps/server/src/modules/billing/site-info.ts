import type { SiteInfo } from '@roundup/shared';
import type { PaymentProvider } from '../../adapters/payments';
import type { AppConfig } from '../../env';

/** GET /api/site: the support address, whether Discord is offered (and its invite for paid members), the prices. */
export async function siteInfoFor(
  deps: { config: AppConfig; provider: Pick<PaymentProvider, 'priceOf'> },
  input: { paid: boolean },
): Promise<SiteInfo> {
  const { config } = deps;
  const [pro, lifetime] = await Promise.all([deps.provider.priceOf('pro'), deps.provider.priceOf('lifetime')]);
  return {
    supportEmail: config.SUPPORT_EMAIL ?? config.ADMIN_EMAIL ?? `support@${new URL(config.appUrl).hostname}`,
    discord: Boolean(config.DISCORD_INVITE_URL),
    discordInviteUrl: input.paid ? (config.DISCORD_INVITE_URL ?? null) : null,
    prices: { pro, lifetime },
  };
}
