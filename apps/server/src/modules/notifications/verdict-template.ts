import { verdictText, type PostSplit, type SplitVerdict } from '@roundup/shared';

/** What the split-verdict event carries (split-notifier.ts): the split's ticker and the verdict as raised. */
export interface VerdictPayload extends Pick<SplitVerdict, 'brokerId' | 'brokerName' | 'outcome' | 'members'> {
  splitId: string;
  ticker: string;
  name: string;
  /** The symbol the shares trade under after the split, when an exchange list named it. */
  postSplit?: PostSplit | null;
}

/**
 * A split's verdict at the member's broker, where their own round-up is still pending: the one sentence
 * every channel carries (the SMS and the subject say it), then what to do with it.
 */
export function verdictMessage(payload: Record<string, unknown>): { subject: string; lines: string[] } {
  const p = payload as unknown as VerdictPayload;
  const sentence = verdictText(p, p);
  return {
    // The short form adds its own full stop before the link.
    subject: sentence.replace(/\.$/, ''),
    lines: [
      sentence,
      `${p.name} (${p.ticker}): your round-up at ${p.brokerName} is still pending.`,
      'Check that account, then record what you got on the calendar.',
    ],
  };
}
