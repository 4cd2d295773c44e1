import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { asAdmin, renderApp } from '../../test/utils';

const boss = { _id: '11111111-1111-4111-8111-111111111111', username: 'boss' };
const deputy = { _id: '22222222-2222-4222-8222-222222222222', username: 'deputy' };
const entry = (
  id: string,
  action: string,
  by: { _id: string; username: string },
  details: Record<string, unknown>,
  createdDate = '2026-03-10T15:00:00.000Z',
) => ({
  _id: id,
  actorId: by._id,
  actorUsername: by.username,
  action,
  targetType: action.split('.')[0],
  targetId: 'x',
  details,
  createdDate,
});
const facets = { admins: [boss, deputy], actions: ['broker.add', 'split.delete', 'split.edit'] };
const firstPage = {
  audit: [
    entry('a1', 'split.delete', boss, { name: 'Acme Corp', ticker: 'ACME' }),
    entry('a2', 'split.edit', deputy, { name: 'Beta', ticker: 'BETA', changes: { ratio: { from: 10, to: 20 } } }),
    entry('a3', 'broker.add', boss, { name: 'Fast Broker' }),
  ],
  page: 1,
  pageSize: 3,
  total: 5,
  ...facets,
};

describe('admin audit page', () => {
  it('is linked in the admin navigation and lists who did what, newest first, with paging', async () => {
    const { apiCalls } = asAdmin({
      'GET /api/admin/audit': { data: firstPage },
      'GET /api/admin/audit?page=2': {
        data: {
          ...firstPage,
          page: 2,
          audit: [
            entry('a4', 'broker.add', deputy, { name: 'Slow Broker' }),
            entry('a5', 'split.edit', boss, { name: 'Gamma', ticker: 'GAMA', changes: {} }),
          ],
        },
      },
    });
    renderApp('/admin/audit');
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(await within(nav).findByRole('link', { name: 'Audit' })).toHaveAttribute('href', '/admin/audit');
    expect(await within(nav).findByRole('link', { name: 'Audit' })).toHaveClass('active');

    await screen.findByText('Acme Corp (ACME)');
    const items = await within(await screen.findByRole('region', { name: /^Admin actions/ })).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Deleted split · split.*Acme Corp \(ACME\)by boss$/),
      expect.stringMatching(/^Edited split · split.*BETA: ratio: 10 → 20by deputy$/),
      expect.stringMatching(/^Added broker · broker.*Fast Brokerby boss$/),
    ]);
    expect(screen.getAllByText('Mar 10, 2026 11:00 AM ET')).toHaveLength(3);
    expect(screen.getByText('Showing 1–3 of 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Slow Broker')).toBeInTheDocument();
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Next' })).toBeDisabled();
    expect(apiCalls().map((c) => c.path)).toContain('/api/admin/audit?page=2');
  });

  it('filters by admin, action and day; the filters go to the API and can be cleared', async () => {
    const { apiCalls } = asAdmin({
      'GET /api/admin/audit': { data: firstPage },
      [`GET /api/admin/audit?admin=${deputy._id}`]: { data: { ...firstPage, audit: [firstPage.audit[1]], total: 1 } },
      [`GET /api/admin/audit?admin=${deputy._id}&action=split.delete`]: { data: { ...firstPage, audit: [], total: 0 } },
      [`GET /api/admin/audit?admin=${deputy._id}&action=split.delete&from=2026-03-01`]: {
        data: { ...firstPage, audit: [], total: 0 },
      },
      [`GET /api/admin/audit?admin=${deputy._id}&action=split.delete&from=2026-03-01&to=2026-03-10`]: {
        data: { ...firstPage, audit: [], total: 0 },
      },
    });
    renderApp('/admin/audit');
    const filters = await screen.findByRole('search', { name: 'Filter the audit log' });
    await screen.findByText('Acme Corp (ACME)');

    const admin = within(filters).getByLabelText('Admin');
    expect(
      within(admin)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All admins', 'boss', 'deputy']);
    await userEvent.selectOptions(admin, deputy._id);
    await waitFor(() => expect(screen.queryByText('Acme Corp (ACME)')).not.toBeInTheDocument());
    expect(await screen.findByText('BETA: ratio: 10 → 20')).toBeInTheDocument();

    const action = within(filters).getByLabelText('Action');
    expect(
      within(action)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All actions', 'Added broker', 'Deleted split', 'Edited split']);
    await userEvent.selectOptions(action, 'split.delete');
    expect(await screen.findByText('No admin actions match these filters.')).toBeInTheDocument();

    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2026-03-10' } });
    await waitFor(() =>
      expect(apiCalls().map((c) => c.path)).toContain(
        `/api/admin/audit?admin=${deputy._id}&action=split.delete&from=2026-03-01&to=2026-03-10`,
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Acme Corp (ACME)')).toBeInTheDocument();
    expect(await within(filters).findByLabelText('Admin')).toHaveValue('');
    expect(await within(filters).findByLabelText('From')).toHaveValue('');
  });

  it('a filter the server refuses shows its message, not a blank page', async () => {
    asAdmin({
      'GET /api/admin/audit?from=2026-03-10&to=2026-03-01': { status: 400, errors: [{ msg: 'From must be on or before To' }] },
    });
    renderApp('/admin/audit?from=2026-03-10&to=2026-03-01');
    expect(await screen.findByText('From must be on or before To')).toBeInTheDocument();
  });
});
