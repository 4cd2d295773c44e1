import { formatIsoDate } from '@roundup/shared';

// The weekly digest's words, apart from the one-split messages in templates.ts.

const day = (d: string) => formatIsoDate(d, 'MMMM dd, yyyy');

interface DigestLine {
  ticker: string;
  broker: string;
  accounts: number;
  dueDate?: string;
}

const accountsText = (n: number) => `${n} account${n === 1 ? '' : 's'}`;

/** The weekly reconciliation digest (decision 031): the member's lines, per split and broker. */
export function digestMessage(data: Record<string, unknown> | null): { subject: string; lines: string[] } {
  const list = (k: string) => (Array.isArray(data?.[k]) ? (data[k] as DigestLine[]) : []);
  const [overdue, unsold, owed, clawed] = [list('overdue'), list('unsold'), list('mayBeOwed'), list('clawedBack')];
  const section = (title: string, items: DigestLine[], more: (i: DigestLine) => string = () => '') =>
    items.length ? [title, ...items.map((i) => `- ${i.ticker} at ${i.broker}: ${accountsText(i.accounts)}${more(i)}`)] : [];
  const total = [...overdue, ...unsold, ...owed, ...clawed].reduce((n, i) => n + i.accounts, 0);
  return {
    subject: `Your week in RoundUp: ${accountsText(total)} to check`,
    lines: [
      ...section('Bought, but no outcome recorded yet:', overdue, (i) => (i.dueDate ? `, expected by ${day(i.dueDate)}` : '')),
      ...section('Shares received, not sold yet:', unsold),
      ...section('Cash in lieu on a split that rounded up (the broker may owe you a share):', owed),
      ...section('Shares clawed back this week (the broker took back a credited share):', clawed),
      'Record what happened in the To do list on the calendar.',
    ],
  };
}
