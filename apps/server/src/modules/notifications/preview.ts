import { render } from './templates';

/**
 * The message a split event would send, as the worker renders it (an admin's accept preview,
 * issue 25 §5): the email's subject and text and the SMS/WhatsApp form.
 */
export function previewSplitAlert(
  kind: 'rsa' | 'upcomingRsa' | 'termsChanged',
  payload: Record<string, unknown>,
  appUrl: string,
): { subject: string; text: string; short: string } {
  const { subject, text, short } = render(kind, payload, null, { appUrl });
  return { subject, text, short };
}
