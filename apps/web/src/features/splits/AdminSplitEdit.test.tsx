import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/utils';
import { AdminSplitEdit } from './components/AdminSplitEdit';

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AdminSplitEdit />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** The preview of a save that alerts nobody (an Approved draft, an edit of the notes). */
const NO_ALERT = { 'POST /api/rs/preview': { data: { alert: null, recipients: 0, problems: [] } } };

const fillSplit = async () => {
  await userEvent.type(screen.getByLabelText('Company name'), 'Acme');
  await userEvent.type(screen.getByLabelText('Ticker'), 'acme');
  await userEvent.type(screen.getByLabelText('Buy date'), '2026-11-27');
  await userEvent.type(screen.getByLabelText('Effective date'), '2026-11-30');
  await userEvent.type(screen.getByLabelText('Ratio (N:1)'), '10');
  await userEvent.type(screen.getByLabelText('Price ($)'), '1');
};

describe('AdminSplitEdit: every problem at once', () => {
  it('flags each missing field beside it, focuses the first and sends nothing', async () => {
    const { apiCalls } = mockFetch();
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add split' }));
    const name = screen.getByLabelText('Company name');
    expect(name).toHaveAccessibleDescription('Company name is required');
    expect(screen.getByLabelText('Ticker')).toHaveAccessibleDescription(/Ticker must be/);
    expect(screen.getByLabelText('Buy date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Effective date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Ratio (N:1)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Notes')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(name).toHaveFocus());
    expect(apiCalls()).toHaveLength(0);
    // Typing in a field clears its message and keeps focus where the admin is.
    await userEvent.type(name, 'Acme');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).toHaveFocus();
  });

  it('puts a buy date after the effective date on the buy date', async () => {
    mockFetch();
    renderForm();
    await userEvent.type(screen.getByLabelText('Company name'), 'Acme');
    await userEvent.type(screen.getByLabelText('Ticker'), 'acme');
    await userEvent.type(screen.getByLabelText('Buy date'), '2026-03-12');
    await userEvent.type(screen.getByLabelText('Effective date'), '2026-03-10');
    await userEvent.type(screen.getByLabelText('Ratio (N:1)'), '10');
    await userEvent.type(screen.getByLabelText('Price ($)'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Add split' }));
    expect(screen.getByLabelText('Buy date')).toHaveAccessibleDescription('Buy date cannot be after the effective date');
    await waitFor(() => expect(screen.getByLabelText('Buy date')).toHaveFocus());
  });

  it('warns about a buy-by date the exchange is closed on, and still saves it (SPEC allows it)', async () => {
    const { apiCalls } = mockFetch({ ...NO_ALERT, 'POST /api/rs/add': { data: { split: { _id: 'new-id' } } } });
    renderForm();
    await userEvent.type(screen.getByLabelText('Company name'), 'Acme');
    await userEvent.type(screen.getByLabelText('Ticker'), 'acme');
    await userEvent.type(screen.getByLabelText('Buy date'), '2026-11-28');
    await userEvent.type(screen.getByLabelText('Effective date'), '2026-11-30');
    expect(screen.getByTestId('date-warnings')).toHaveTextContent('Buy-by date Nov 28, 2026 is a Saturday, not a trading day');
    await userEvent.clear(screen.getByLabelText('Buy date'));
    await userEvent.type(screen.getByLabelText('Buy date'), '2026-11-24');
    expect(screen.getByTestId('date-warnings')).toHaveTextContent(
      'The last trading day before the effective date is Nov 27, 2026, not Nov 24, 2026',
    );
    await userEvent.clear(screen.getByLabelText('Buy date'));
    await userEvent.type(screen.getByLabelText('Buy date'), '2026-11-28');
    await userEvent.type(screen.getByLabelText('Ratio (N:1)'), '10');
    await userEvent.type(screen.getByLabelText('Price ($)'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Add split' }));
    await waitFor(() => expect(apiCalls().some((c) => c.path === '/api/rs/add')).toBe(true));
    expect(apiCalls().find((c) => c.path === '/api/rs/add')?.body).toMatchObject({ newTicker: { buyDate: '2026-11-28' } });
  });

  it('sends the exchange and shows the deadline members will read', async () => {
    const { apiCalls } = mockFetch({
      ...NO_ALERT,
      'POST /api/rs/add': (body) => ({ data: { split: { ...(body as { newTicker: object }).newTicker, _id: 'new-id' } } }),
    });
    renderForm();
    const hint = screen.getByTestId('rs-deadline-hint');
    expect(hint).toHaveTextContent('Pick the buy date to see the deadline.');
    await userEvent.type(screen.getByLabelText('Company name'), 'Acme');
    await userEvent.type(screen.getByLabelText('Ticker'), 'acme');
    await userEvent.type(screen.getByLabelText('Buy date'), '2026-11-27');
    await userEvent.type(screen.getByLabelText('Effective date'), '2026-11-30');
    await userEvent.type(screen.getByLabelText('Ratio (N:1)'), '10');
    await userEvent.type(screen.getByLabelText('Price ($)'), '1');
    expect(hint).toHaveTextContent('Buy by 1:00 pm ET Fri Nov 27');
    expect(hint).not.toHaveTextContent('halt');
    await userEvent.selectOptions(screen.getByLabelText('Exchange'), 'Nasdaq');
    expect(hint).toHaveTextContent('Buy by 1:00 pm ET Fri Nov 27; halt 7:50 pm ET');
    // The call's participant level goes with the split.
    await userEvent.click(screen.getByLabelText(/participant \(broker\) level/));
    await userEvent.click(screen.getByRole('button', { name: 'Add split' }));
    await waitFor(() =>
      expect(apiCalls().find((c) => c.path === '/api/rs/add')?.body).toMatchObject({
        newTicker: { exchange: 'Nasdaq', participant: true },
      }),
    );
  });
});

describe('AdminSplitEdit: the alert is shown before it is sent', () => {
  const alert = {
    audience: 'Pro members with new-split alerts on (email, SMS, WhatsApp), and the Discord channel',
    subject: 'New reverse split: ACME 10:1, Round up',
    text: 'ACME (Acme) 10:1\nBuy by 1:00 pm ET Fri Nov 27',
    short: 'ACME 10:1',
  };

  it('Add split shows the message and "to N members"; Publish saves it, and only then', async () => {
    const { apiCalls } = mockFetch({
      'POST /api/rs/preview': { data: { alert, recipients: 12, problems: [] } },
      'POST /api/rs/add': { data: { split: { _id: 'new-id' }, alertsAt: null } },
    });
    renderForm();
    await fillSplit();
    await userEvent.click(screen.getByRole('button', { name: 'Add split' }));
    const preview = await screen.findByTestId('split-alert-preview');
    expect(preview).toHaveTextContent('Saving sends this alert to 12 members');
    expect(preview).toHaveTextContent(alert.subject);
    expect(preview).toHaveTextContent('Buy by 1:00 pm ET Fri Nov 27');
    expect(apiCalls().find((c) => c.path === '/api/rs/preview')?.body).toMatchObject({ newTicker: { ticker: 'ACME' } });
    expect(apiCalls().some((c) => c.path === '/api/rs/add')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(apiCalls().filter((c) => c.path === '/api/rs/add')).toHaveLength(1));
  });

  it('an edit takes the preview back to the form; Back to editing sends nothing', async () => {
    const { apiCalls } = mockFetch({ 'POST /api/rs/preview': { data: { alert, recipients: 1, problems: [] } } });
    renderForm();
    await fillSplit();
    await userEvent.click(screen.getByRole('button', { name: 'Add split' }));
    expect(await screen.findByTestId('split-alert-preview')).toHaveTextContent('to 1 member');
    await userEvent.click(screen.getByRole('button', { name: 'Back to editing' }));
    expect(screen.queryByTestId('split-alert-preview')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add split' }));
    await screen.findByTestId('split-alert-preview');
    await userEvent.type(screen.getByLabelText('Price ($)'), '5');
    expect(screen.queryByTestId('split-alert-preview')).toBeNull();
    expect(apiCalls().some((c) => c.path === '/api/rs/add')).toBe(false);
  });

  it("the gate's refusal shows beside the field, with no preview", async () => {
    const msg = 'The price is missing or $0: members would read an estimated profit of $0.00. Enter the share price.';
    mockFetch({
      'POST /api/rs/preview': { data: { alert, recipients: 3, problems: [{ path: 'price', msg }] } },
      'POST /api/rs/add': { status: 400, errors: [{ path: 'price', msg }] },
    });
    renderForm();
    await fillSplit();
    await userEvent.click(screen.getByRole('button', { name: 'Add split' }));
    await waitFor(() => expect(screen.getByLabelText('Price ($)')).toHaveAccessibleDescription(msg));
    expect(screen.queryByTestId('split-alert-preview')).toBeNull();
  });
});
