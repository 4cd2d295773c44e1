import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/utils';
import { trackPageView, trackPageViewBeforeApp } from './analytics';

/** The page views sent, in order (the fetch mock records every call). */
function sentViews(calls: ReturnType<typeof mockFetch>['calls']) {
  return calls.filter((c) => c.method === 'POST' && c.path === '/api/pageviews').map((c) => (c.body as { path: string }).path);
}

describe('page views of a prerendered page (docs/decisions/016-landing-javascript.md)', () => {
  it('the loader counts the view; the app taking over does not count it again, later views count', () => {
    const { calls } = mockFetch();
    trackPageViewBeforeApp('/');
    trackPageView('/');
    trackPageView('/learn');
    trackPageView('/');
    expect(sentViews(calls)).toEqual(['/', '/learn', '/']);
  });

  it('the app counts its first view when it is of another path than the loader counted', () => {
    const { calls } = mockFetch();
    trackPageViewBeforeApp('/reverse-splits');
    trackPageView('/learn');
    expect(sentViews(calls)).toEqual(['/reverse-splits', '/learn']);
  });
});
