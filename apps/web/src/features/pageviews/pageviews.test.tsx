import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { asAdmin, renderApp } from '../../test/utils';

const summary = {
  from: '2024-12-07',
  to: '2025-01-05',
  days: [{ day: '2025-01-05', path: '/learn', views: 3 }],
  totals: [{ path: '/learn', views: 3 }],
  total: 3,
};

describe('page views (admin users page)', () => {
  it.each(['/admin', '/admin/users'])('shows the last 30 days above the users list at %s', async (url) => {
    asAdmin({
      'GET /api/users': { data: { users: [], total: 0, matched: 0, page: 1, pageSize: 50 } },
      'GET /api/pageviews/summary': { data: summary },
    });
    renderApp(url);
    expect(await screen.findByText('3 views · Dec 7 – Jan 5, 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
  });
});
