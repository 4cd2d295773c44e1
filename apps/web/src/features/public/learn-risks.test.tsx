import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp } from '../../test/utils';

/**
 * Every claim on /learn/risks names its source with a date a reader can check against (a year at least),
 * at an https address: "(SIFMA letter, March 25, 2025)". A source without a date is not yet a source.
 */
describe('/learn/risks sources', () => {
  it('each source is an https link followed by a dated mention', async () => {
    mockFetch();
    renderApp('/learn/risks');
    const region = (await screen.findByRole('heading', { level: 2, name: 'Exchange rules' })).closest('main') ?? document.body;
    const links = [...region.querySelectorAll<HTMLAnchorElement>('a[target="_blank"]')];
    expect(links.length).toBeGreaterThanOrEqual(12);
    for (const a of links) {
      expect(a.href, a.textContent ?? '').toMatch(/^https:\/\//);
      const mention = a.parentElement?.textContent ?? '';
      expect(mention, a.textContent ?? '').toMatch(/\b(?:19|20)\d\d\b/);
      expect(mention, a.textContent ?? '').not.toMatch(/undated/i);
    }
  });

  it('the NYSE notice expectation and the Nasdaq two-business-day rule each carry their own date', async () => {
    mockFetch();
    renderApp('/learn/risks');
    const notice = (await screen.findByText(/at least ten calendar days before it takes/)).closest('li')!;
    expect(notice.textContent).toMatch(/NYSE[^)]*\b2026\)/);
    expect(notice.textContent).toMatch(/December 20, 2024/);
  });
});
