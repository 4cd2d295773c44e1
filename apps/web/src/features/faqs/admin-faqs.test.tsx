import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { asAdmin, renderApp } from '../../test/utils';
import { faq } from './faq.fixtures';

describe('admin FAQs', () => {
  it('lists the FAQs by category and asks before deleting one', async () => {
    const { apiCalls } = asAdmin({
      'GET /api/faqs': { data: { faqs: [faq('f1', 0, 'What is a reverse split?')] } },
      'POST /api/faqs/delete': { status: 404, errors: [{ msg: 'FAQ not found' }] },
    });
    renderApp('/admin/faqs');
    const row = (await screen.findByRole('link', { name: 'What is a reverse split?' })).closest('tr')!;
    expect(screen.getByLabelText('Category')).toHaveDisplayValue('All (1)');
    await userEvent.click(within(row).getByRole('button', { name: /delete/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete FAQ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('FAQ not found')).toBeInTheDocument();
    expect(apiCalls().find((c) => c.path === '/api/faqs/delete')?.body).toEqual({ id: 'f1' });
  });

  it('flags a missing question beside it, then sends newFaq and opens the added FAQ', async () => {
    const { apiCalls } = asAdmin({
      'GET /api/faqs': { data: { faqs: [] } },
      'POST /api/faqs/add': { data: { faq: faq('f9', 2, 'Why?', '<p>Because.</p>') } },
      'GET /api/faqs/f9': { data: { faq: faq('f9', 2, 'Why?', '<p>Because.</p>') } },
    });
    const { router } = renderApp('/admin/faqs/add');
    await userEvent.click(await screen.findByRole('button', { name: 'Add FAQ' }));
    expect(screen.getByLabelText('Question')).toHaveAccessibleDescription(/./);
    expect(apiCalls().filter((c) => c.path === '/api/faqs/add')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Question'), 'Why?');
    await userEvent.type(screen.getByLabelText('Answer'), '<p>Because.</p>');
    await userEvent.selectOptions(screen.getByLabelText('Sort'), '2');
    expect(screen.getByRole('region', { name: 'Answer preview' })).toHaveTextContent('Because.');
    await userEvent.click(screen.getByRole('button', { name: 'Add FAQ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/faqs/view/f9'));
    expect(apiCalls().find((c) => c.path === '/api/faqs/add')?.body).toEqual({
      newFaq: { category: 'General', question: 'Why?', answer: '<p>Because.</p>', sort: 2 },
    });
    expect(await screen.findByText('FAQ added.')).toBeInTheDocument();
  });
});
