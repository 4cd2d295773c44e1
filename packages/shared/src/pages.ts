/**
 * The public pages' titles and descriptions: the web app sets them on each navigation, and the
 * server writes them (with Open Graph, Twitter and canonical tags) into the HTML it answers, so
 * crawlers and link previews get them without running JavaScript.
 */
export interface PageHead {
  title: string;
  description: string;
}

export const APP_NAME = 'RoundUp';
export const DEFAULT_DESCRIPTION =
  'RoundUp teaches and tracks the reverse-split round-up strategy: small gains that lead to big wins.';

export const PAGE_HEADS = {
  landing: {
    title: 'Small gains, big wins',
    description:
      'RoundUp teaches and tracks the reverse-split round-up strategy: buy one share before a reverse split, sell the rounded-up share. Start free.',
  },
  services: {
    title: 'Services and pricing',
    description:
      'RoundUp plans: Starter is free; Pro is $50/mo. with the full reverse-split calendar and real-time alerts. Cancel anytime.',
  },
  learn: {
    title: 'Learn',
    description: 'How the reverse-split round-up strategy works, with a profit calculator for every fractional-share outcome.',
  },
  brokers: {
    title: 'Brokers',
    description: 'Brokers for the round-up strategy: account types, share return times, fees and sign-up promos.',
  },
  faq: {
    title: 'FAQ',
    description: 'Answers to common questions about RoundUp, the reverse-split round-up strategy, brokers and membership.',
  },
  policies: { title: 'Terms of Service', description: 'RoundUp Terms of Service and Privacy Policy.' },
  terms: { title: 'Terms of Service', description: 'RoundUp Terms of Service.' },
  privacy: { title: 'Privacy Policy', description: 'RoundUp Privacy Policy.' },
  /** A member's referral link (/r/{refId}), as a link preview shows it where it was shared. */
  referral: {
    title: "You're invited",
    description:
      'A RoundUp member invited you to learn the reverse-split round-up strategy: buy one share before a reverse split, sell the rounded-up share. Start free.',
  },
} satisfies Record<string, PageHead>;

/**
 * The head a path gets in the HTML the server sends; `index: false` for pages crawlers should skip;
 * `canonical` when the page is another's under its own address (a referral link is the landing).
 */
export function pageHeadFor(pathname: string): PageHead & { index: boolean; canonical?: string } {
  const p = pathname.replace(/\/+$/, '') || '/';
  const known: Record<string, PageHead> = {
    '/': PAGE_HEADS.landing,
    '/services': PAGE_HEADS.services,
    '/learn': PAGE_HEADS.learn,
    '/brokers': PAGE_HEADS.brokers,
    '/faq': PAGE_HEADS.faq,
    '/policies': PAGE_HEADS.policies,
    '/terms-of-service': PAGE_HEADS.terms,
    '/privacy-policy': PAGE_HEADS.privacy,
  };
  if (known[p]) return { ...known[p], index: true };
  if (p.startsWith('/learn/')) return { ...PAGE_HEADS.learn, index: true };
  if (p.startsWith('/policies/')) return { ...PAGE_HEADS.policies, index: true };
  if (/^\/r\/[^/]+$/.test(p)) return { ...PAGE_HEADS.referral, index: true, canonical: '/' };
  return { title: '', description: DEFAULT_DESCRIPTION, index: false };
}
