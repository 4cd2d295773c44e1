import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';

function signIn() {
  storeToken();
  return mockFetch({
    'GET /api/auth/me': { data: { user: makeUser({ username: 'casey' }) } },
    'GET /api/affiliates/referrals': {
      data: {
        referrals: [
          { _id: 'a', username: 'amy', role: 'User' },
          { _id: 'b', username: 'ben', role: 'Member' },
          { _id: 'c', username: 'cat', role: 'Pro' },
        ],
      },
    },
    'GET /api/affiliates/commissions': {
      data: {
        totals: { earned: 2000, pending: 1000, paid: 1000 },
        months: [{ month: '2026-03', count: 2, earned: 2000, pending: 1000, paid: 1000 }],
        items: [],
      },
    },
    'GET /api/faqs/category/Affiliate': {
      data: {
        faqs: [
          {
            _id: 'f',
            category: 'Affiliate',
            question: 'How do I earn?',
            answer: '<p>Share your link.</p>',
            sort: 0,
            createdDate: '',
          },
        ],
      },
    },
  });
}

describe('Settings → Affiliate', () => {
  it('shows the referral link, share links, rewards, referrals split by role and the FAQ', async () => {
    signIn();
    renderApp('/settings/affiliate');
    const link = await screen.findByRole('textbox', { name: 'Your referral link' });
    expect(link).toHaveValue(`${window.location.origin}/r/casey`);
    const encoded = encodeURIComponent(`${window.location.origin}/r/casey`);
    expect(screen.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
    );
    expect(screen.getByRole('link', { name: 'Share on X' }).getAttribute('href')).toContain(
      `https://x.com/intent/post?url=${encoded}`,
    );
    expect(screen.getByRole('link', { name: 'Share on LinkedIn' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`,
    );
    await waitFor(() => expect(screen.getByTestId('commission-earned')).toHaveTextContent('$20.00'));
    expect(await screen.findByTestId('commission-paid')).toHaveTextContent('$10.00');
    expect(await screen.findByText('March 2026')).toBeInTheDocument();
    const starter = (await screen.findByRole('heading', { name: 'Starter' })).closest('.border') as HTMLElement;
    const pro = (await screen.findByRole('heading', { name: 'Pro' })).closest('.border') as HTMLElement;
    expect(await within(starter).findByText('amy')).toBeInTheDocument();
    expect(await within(pro).findByText('ben')).toBeInTheDocument();
    expect(await within(pro).findByText('cat')).toBeInTheDocument();
    await waitFor(() => expect(within(starter).queryByText('ben')).toBeNull());
    expect(await screen.findByRole('button', { name: 'How do I earn?' })).toBeInTheDocument();
  });

  it('copies the link with a confirmation, or shows the reason it failed', async () => {
    signIn();
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/settings/affiliate');
    await screen.findByRole('textbox', { name: 'Your referral link' });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Text copied to clipboard.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/r/casey`);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Error copying to clipboard: denied')).toBeInTheDocument();
  });
});
