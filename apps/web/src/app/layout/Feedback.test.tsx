import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';

async function openPopover() {
  await userEvent.click(await screen.findByRole('button', { name: 'Feedback' }));
  return screen.findByRole('dialog', { name: 'Send some feedback' });
}

describe('feedback popover', () => {
  it('closes without sending when a field is empty', async () => {
    const { apiCalls } = mockFetch();
    renderApp('/login');
    const dialog = await openPopover();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(apiCalls().some((c) => c.path === '/api/feedback/new')).toBe(false);
  });

  it('closes on Escape', async () => {
    mockFetch();
    renderApp('/login');
    await openPopover();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('prefills the email of a signed-in user and closes after a successful send', async () => {
    storeToken();
    const { apiCalls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ email: 'member@example.com' }) } },
      'POST /api/feedback/new': { data: { ok: true } },
    });
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    const dialog = await openPopover();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('member@example.com');
    await userEvent.type(screen.getByLabelText('Your thoughts?'), 'Love the calendar');
    await userEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(apiCalls().find((c) => c.path === '/api/feedback/new')?.body).toEqual({
      email: 'member@example.com',
      feedback: 'Love the calendar',
    });
  });

  it('only logs errors (console.warn) and stays open', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ 'POST /api/feedback/new': { status: 400, errors: [{ msg: 'Please enter a valid email address' }] } });
    renderApp('/login');
    const dialog = await openPopover();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Your thoughts?'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(await screen.findByRole('dialog', { name: 'Send some feedback' })).toBeInTheDocument();
  });
});
