import { act, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import DOMPurify from 'dompurify';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers';
import { routes } from '../../app/router';
import { sanitizeHtml, setSanitizerWithoutDom } from '../../components/SafeHtml';
import { renderWithData } from '../../prerender';
import { mockFetch } from '../../test/utils';
import { faq } from './faq.fixtures';

afterEach(() => {
  DOMPurify.isSupported = true;
  setSanitizerWithoutDom(null);
});

/**
 * Hydrates #root as start.tsx does once the page's lazy routes have loaded. (start.tsx itself imports
 * RouterProvider from react-router/dom, which Vitest resolves to a second copy of react-router.)
 */
async function hydrateApp() {
  const router = createBrowserRouter(routes);
  await waitFor(() => expect(router.state.initialized).toBe(true));
  await act(async () => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <AppProviders client={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

const BUILT =
  '<!doctype html><html lang="en"><head><title>FAQ</title></head><body><div id="root" data-prerendered=""></div></body></html>';

describe('/faq rendered by the server with the published FAQs (decision 015)', () => {
  it('hydrates the list it was rendered with, without a hydration error, then refetches it', async () => {
    const faqs = [
      faq('b', 3, 'Second question </script>', '<p>Second <strong>answer</strong></p>'),
      faq('a', 0, 'First question', '<p>First answer <a href="https://example.com">here</a></p>'),
    ];
    const page = await renderWithData(BUILT, '/faq', { faqs }, sanitizeHtml);
    expect(page).not.toBeNull();
    expect(page).not.toContain('Loading questions');
    const { calls } = mockFetch({ 'GET /api/faqs': { data: { faqs } } });
    window.history.pushState({}, '', '/faq');
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(page!)![1];
    expect(document.getElementById('faqs-data')).not.toBeNull();
    const errors = vi.spyOn(console, 'error');

    await hydrateApp();

    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([]);
    const buttons = screen.getAllByRole('button', { name: /question/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['First question', 'Second question </script>']);
    await userEvent.click(buttons[0]);
    await waitFor(() => expect(buttons[0]).toHaveAttribute('aria-expanded', 'true'));
    // Fetched again on mount, as without the embedded list.
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path === '/api/faqs')).toBe(true));
  });
});

describe('SafeHtml where there is no DOM (the server)', () => {
  it('renders nothing without a sanitizer, and what the given sanitizer returns with one', () => {
    DOMPurify.isSupported = false;
    expect(sanitizeHtml('<p>Hi</p><script>alert(1)</script>')).toBe('');
    setSanitizerWithoutDom((html) => html.replace(/<script>.*<\/script>/, ''));
    expect(sanitizeHtml('<p>Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>');
  });
});
