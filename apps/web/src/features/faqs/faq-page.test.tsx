import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp } from '../../test/utils';
import { orderFaqs } from '@roundup/shared/faqs';
import { faq } from './faq.fixtures';

describe('orderFaqs', () => {
  it('orders by sort, keeping the server order for equal sorts', () => {
    expect(orderFaqs([faq('a', 3, 'A'), faq('b', 0, 'B'), faq('c', 3, 'C'), faq('d', 1, 'D')]).map((f) => f._id)).toEqual([
      'b',
      'd',
      'a',
      'c',
    ]);
  });
});

describe('/faq', () => {
  it('shows the FAQs as an accordion ordered by sort, with sanitized answers', async () => {
    mockFetch({
      'GET /api/faqs': {
        data: {
          faqs: [
            faq('1', 5, 'Last question'),
            faq(
              '2',
              0,
              'First question',
              '<p>Yes <img src=x onerror="window.__faqPwned=1"><a href="javascript:alert(1)">x</a></p>',
            ),
          ],
        },
      },
    });
    renderApp('/faq');
    const buttons = await screen.findAllByRole('button', { name: /question/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['First question', 'Last question']);
    await userEvent.click(buttons[0]);
    await waitFor(() => expect(buttons[0]).toHaveAttribute('aria-expanded', 'true'));
    const body = document.querySelector('.accordion-body')!;
    expect(body.innerHTML).not.toMatch(/onerror|javascript:/i);
    expect((window as { __faqPwned?: number }).__faqPwned).toBeUndefined();
    await waitFor(() => expect(document.title).toBe('FAQ · RoundUp'));
  });

  it('silently ignores a load error (product.md#messages)', async () => {
    mockFetch({ 'GET /api/faqs': { status: 500, errors: [{ msg: 'Something broke' }] } });
    renderApp('/faq');
    expect(await screen.findByText(/no questions have been published yet/i)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Something broke')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
