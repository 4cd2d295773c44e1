import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';

describe('/admin/comms', () => {
  it('counts characters and 70-character segments, requires a message, shows "N messages sent"', async () => {
    storeToken();
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Admin' }) } },
      'GET /api/comms': { data: { comms: [] } },
      'GET /api/notifications/deliveries': { data: { counts: {}, deliveries: [] } },
      'POST /api/comms/send-sms': { data: { messageCount: 4 } },
      'GET /api/comms/sms-audience?audience=Pro': { data: { recipients: 4 } },
      'GET /api/rs/send-update': { data: { msg: 'Reminders sent for todays tickers', queued: 0, tickers: [] } },
      'GET /api/rs/send-update/preview': {
        data: {
          date: '2026-11-27',
          tickers: ['DMFQ'],
          recipients: 25,
          closesAt: '2026-11-27T18:00:00.000Z',
          closed: false,
          msg: 'Send buy reminders for DMFQ (closes 1:00 pm ET) to 25 members?',
        },
      },
      'GET /api/comms/audience?kind=general': { data: { recipients: 3, channels: { email: 3, sms: 0, whatsapp: 0 } } },
    });
    renderApp('/admin/comms');
    const send = await screen.findByRole('button', { name: 'Send SMS' });
    const form = within(await screen.findByRole('form', { name: 'Send SMS' }));
    await userEvent.click(send);
    expect(await form.findByText('Please enter a message.')).toBeInTheDocument();
    expect(apiCalls().some((c) => c.path === '/api/comms/send-sms')).toBe(false);
    fireEvent.change(form.getByLabelText('Message'), { target: { value: 'x'.repeat(71) } });
    expect(screen.getByText('71 characters · 2 segments of 70')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Pro'));
    await userEvent.click(send);
    const askSms = within(await screen.findByRole('dialog', { name: 'Send this SMS?' }));
    expect(askSms.getByText(/Text 4 members \(Pro members/)).toBeInTheDocument();
    expect(apiCalls().some((c) => c.path === '/api/comms/send-sms')).toBe(false);
    await userEvent.click(askSms.getByRole('button', { name: 'Send SMS now' }));
    expect(await screen.findByText('4 messages sent')).toBeInTheDocument();
    expect(apiCalls().find((c) => c.path === '/api/comms/send-sms')?.body).toEqual({ message: 'x'.repeat(71), audience: 'Pro' });
    await userEvent.click(screen.getByRole('button', { name: 'Send daily reminders' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Send daily reminders?' }));
    expect(ask.getByText('Send buy reminders for DMFQ (closes 1:00 pm ET) to 25 members?')).toBeInTheDocument();
    expect(apiCalls().some((c) => c.path === '/api/rs/send-update')).toBe(false);
    await userEvent.click(ask.getByRole('button', { name: 'Send reminders' }));
    expect(await screen.findByText('Reminders sent for todays tickers')).toBeInTheDocument();
    expect(apiCalls().filter((c) => c.path === '/api/rs/send-update')).toHaveLength(1);
  });

  it('after the close, Send daily reminders says it is too late and sends nothing', async () => {
    storeToken();
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Admin' }) } },
      'GET /api/comms': { data: { comms: [] } },
      'GET /api/notifications/deliveries': { data: { counts: {}, deliveries: [] } },
      'GET /api/rs/send-update/preview': {
        data: {
          date: '2026-11-27',
          tickers: ['DMFQ'],
          recipients: 0,
          closesAt: '2026-11-27T18:00:00.000Z',
          closed: true,
          msg: 'Too late: DMFQ closed at 1:00 pm ET. No reminders sent.',
        },
      },
    });
    renderApp('/admin/comms');
    await userEvent.click(await screen.findByRole('button', { name: 'Send daily reminders' }));
    expect(await screen.findByText('Too late: DMFQ closed at 1:00 pm ET. No reminders sent.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(apiCalls().some((c) => c.path === '/api/rs/send-update')).toBe(false);
  });

  it('the delivery log follows a send: the messages the worker queues appear, then their outcome, without a reload', async () => {
    storeToken();
    let sent = false;
    let readsAfterSend = 0;
    const delivery = (status: string) => ({
      _id: 'd9',
      key: 'admin-sms:x:u:sms',
      kind: 'admin_sms',
      channel: 'sms',
      recipient: '+15555550100',
      username: 'riley',
      status,
      attempts: 1,
      providerId: status === 'sent' ? 'SM123' : null,
      error: null,
      createdDate: '2026-03-02T15:00:00Z',
      sentDate: null,
    });
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Admin' }) } },
      'GET /api/comms': { data: { comms: [] } },
      // The worker fans the send out a moment after it is accepted: the first read after it still shows nothing.
      'GET /api/notifications/deliveries': () => {
        if (!sent) return { data: { counts: {}, deliveries: [] } };
        readsAfterSend += 1;
        if (readsAfterSend === 1) return { data: { counts: {}, deliveries: [] } };
        const status = readsAfterSend === 2 ? 'queued' : 'sent';
        return { data: { counts: { [status]: 1 }, deliveries: [delivery(status)] } };
      },
      'POST /api/comms/send-sms': () => {
        sent = true;
        return { data: { messageCount: 1 } };
      },
      'GET /api/comms/sms-audience?audience=All': { data: { recipients: 1 } },
      'GET /api/comms/audience?kind=general': { data: { recipients: 3, channels: { email: 3, sms: 0, whatsapp: 0 } } },
    });
    renderApp('/admin/comms');
    expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument();
    const form = within(await screen.findByRole('form', { name: 'Send SMS' }));
    fireEvent.change(form.getByLabelText('Message'), { target: { value: 'Hello' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Send this SMS?' }));
    await userEvent.click(ask.getByRole('button', { name: 'Send SMS now' }));
    expect(await screen.findByText('1 messages sent')).toBeInTheDocument();
    // Well before the log's ordinary 10 s refresh.
    expect(await screen.findByText('riley', {}, { timeout: 6_000 })).toBeInTheDocument();
    expect(await screen.findByText('SM123', {}, { timeout: 6_000 })).toBeInTheDocument();
  });

  it('sends an announcement once: counts the members, validates, confirms, and keeps the request id across a retry', async () => {
    storeToken();
    let attempts = 0;
    const comms: unknown[] = [];
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Admin' }) } },
      'GET /api/comms': () => ({ data: { comms } }),
      'GET /api/notifications/deliveries': {
        data: {
          counts: { skipped: 1 },
          deliveries: [
            {
              _id: 'd1',
              key: 'newsletter:x:u:email',
              kind: 'newsletter',
              channel: 'email',
              recipient: 'a@example.com',
              username: 'sam',
              status: 'skipped',
              attempts: 1,
              providerId: null,
              error: 'Turned off the newsletter',
              createdDate: '2026-03-02T15:00:00Z',
              sentDate: null,
            },
          ],
        },
      },
      'GET /api/comms/audience?kind=general': { data: { recipients: 12, channels: { email: 12, sms: 2, whatsapp: 1 } } },
      'GET /api/comms/audience?kind=newsletter': { data: { recipients: 1200, channels: { email: 1200, sms: 0, whatsapp: 0 } } },
      'POST /api/comms/send-announcement': (body) => {
        attempts += 1;
        if (attempts === 1) return { status: 503, errors: [{ msg: 'Service unavailable, try again.' }] };
        const b = body as { kind: string; subject: string; message: string; requestId: string };
        comms.unshift({
          _id: `c${attempts}`,
          type: b.kind,
          sender: 'casey',
          createdDate: '2026-03-02T15:00:00Z',
          message: b.message,
          audience: null,
          messageCount: 1200,
          subject: b.subject,
          recipients: 1200,
        });
        return { data: { recipients: 1200, messageCount: 1200, duplicate: false } };
      },
    });
    renderApp('/admin/comms');
    const form = within(await screen.findByRole('form', { name: 'Send announcement' }));
    expect(await form.findByText('12 members')).toBeInTheDocument();
    expect(form.getByText('(12 emails · 2 SMS · 1 WhatsApp)')).toBeInTheDocument();

    // Nothing typed: every problem listed, nothing sent.
    await userEvent.click(form.getByRole('button', { name: 'Review and send…' }));
    expect(await form.findByText('Please enter a subject.')).toBeInTheDocument();
    expect(form.getByText('Please enter a message.')).toBeInTheDocument();

    await userEvent.click(form.getByLabelText('Newsletter'));
    expect(await form.findByText('1,200 members')).toBeInTheDocument();
    expect(form.getByText('(1,200 emails)')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Subject'), 'March newsletter');
    expect(form.getByText('16 of 150 characters')).toBeInTheDocument();
    fireEvent.change(form.getByLabelText('Message'), { target: { value: 'Hello members,\n\nFifteen splits.' } });
    expect(form.getByText(/^31 of 5,000 characters/)).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Review and send…' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Send this newsletter?' }));
    expect(dialog.getByText('March newsletter')).toBeInTheDocument();
    expect(apiCalls().some((c) => c.path === '/api/comms/send-announcement')).toBe(false);
    // The first try fails; the dialog stays open with the message; the retry reuses the request id.
    await userEvent.click(dialog.getByRole('button', { name: 'Send to 1,200 members' }));
    expect(await dialog.findByText('Service unavailable, try again.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send to 1,200 members' }));
    expect(await screen.findByText('Newsletter sent to 1,200 members.')).toBeInTheDocument();
    const posts = apiCalls().filter((c) => c.path === '/api/comms/send-announcement');
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map((c) => c.body as { requestId: string });
    expect(second).toEqual({
      requestId: first.requestId,
      kind: 'newsletter',
      subject: 'March newsletter',
      message: 'Hello members,\n\nFifteen splits.',
    });
    expect(first.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitForDialogToClose();
    expect(form.getByLabelText('Subject')).toHaveValue('');

    // Listed in Communications; the delivery log shows skipped deliveries with their reason.
    expect(await screen.findByText('1,200 members · 1,200 messages')).toBeInTheDocument();
    expect(await screen.findByText('Turned off the newsletter')).toBeInTheDocument();

    // The next announcement is a new request.
    await userEvent.type(form.getByLabelText('Subject'), 'April newsletter');
    fireEvent.change(form.getByLabelText('Message'), { target: { value: 'Hi' } });
    await userEvent.click(form.getByRole('button', { name: 'Review and send…' }));
    const next = within(await screen.findByRole('dialog', { name: 'Send this newsletter?' }));
    await userEvent.click(next.getByRole('button', { name: 'Send to 1,200 members' }));
    expect(await screen.findByText('Newsletter sent to 1,200 members.')).toBeInTheDocument();
    const third = apiCalls().filter((c) => c.path === '/api/comms/send-announcement')[2].body as { requestId: string };
    expect(third.requestId).not.toBe(first.requestId);
  });
});

async function waitForDialogToClose() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}
