import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { asAdmin, renderApp } from '../../test/utils';

describe('admin feedback', () => {
  it('shows times in New York time', async () => {
    asAdmin({
      'GET /api/feedback': {
        data: { feedback: [{ _id: 'f1', email: 'v@example.com', feedback: 'Nice!', createdDate: '2025-07-04T16:05:00.000Z' }] },
      },
    });
    renderApp('/admin/feedback');
    expect(await screen.findByText('Nice!')).toBeInTheDocument();
    expect(await screen.findByText('July 04, 2025 12:05 PM ET')).toBeInTheDocument();
  });
});
