import { fireEvent, screen } from '@testing-library/react';
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
      'GET /api/rs/send-update': { data: { msg: 'Reminders sent for todays tickers', queued: 0, tickers: [] } },
    });
    renderApp('/admin/comms');
    const send = await screen.findByRole('button', { name: 'Send SMS' });
    await userEvent.click(send);
    expect(await screen.findByText('Please enter a message.')).toBeInTheDocument();
    expect(apiCalls().some((c) => c.path === '/api/comms/send-sms')).toBe(false);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'x'.repeat(71) } });
    expect(screen.getByText('71 characters · 2 segments of 70')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Pro'));
    await userEvent.click(send);
    expect(await screen.findByText('4 messages sent')).toBeInTheDocument();
    expect(apiCalls().find((c) => c.path === '/api/comms/send-sms')?.body).toEqual({ message: 'x'.repeat(71), audience: 'Pro' });
    await userEvent.click(screen.getByRole('button', { name: 'Send daily reminders' }));
    expect(await screen.findByText('Reminders sent for todays tickers')).toBeInTheDocument();
  });
});
