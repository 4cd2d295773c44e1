import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { asAdmin, renderApp } from '../../test/utils';

const broker = {
  _id: 'b1',
  name: 'Acme Brokerage',
  logo: null,
  headline: 'Fast returns',
  signupPromo: '<p>Promo</p>',
  refLink: 'https://acme.example.com',
  shareReturnTime: 1,
  rating: 3,
  fees: null,
  notes: null,
  fullReview: null,
  reviewBlurb: null,
  accountCash: true,
  accountMargin: false,
  accountTradIRA: false,
  accountRothIRA: true,
  disabled: true,
  createdDate: '2025-01-05T12:00:00.000Z',
  updatedDate: '2025-01-05T12:00:00.000Z',
};

describe('admin brokers', () => {
  it('lists disabled brokers too, and a failed delete shows its message in the dialog', async () => {
    const { apiCalls } = asAdmin({
      'GET /api/brokers?all=1': { data: { brokers: [broker] } },
      'POST /api/brokers/delete': { status: 404, errors: [{ msg: 'Broker not found' }] },
    });
    renderApp('/admin/brokers');
    const row = (await screen.findByRole('link', { name: 'Acme Brokerage' })).closest('tr')!;
    expect(await within(row).findByText('Disabled')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /delete/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete broker?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Broker not found')).toBeInTheDocument();
    expect(apiCalls().find((c) => c.path === '/api/brokers/delete')?.body).toEqual({ id: 'b1' });
  });

  it('a successful delete reloads through /refresh', async () => {
    asAdmin({
      'GET /api/brokers?all=1': { data: { brokers: [broker] } },
      'POST /api/brokers/delete': { data: { deleted: { _id: 'b1' } } },
    });
    const { router } = renderApp('/admin/brokers');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    const row = (await screen.findByRole('link', { name: 'Acme Brokerage' })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /delete/i }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(visited).toContain('/refresh'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('flags every missing field beside it before calling the server', async () => {
    const { apiCalls } = asAdmin({});
    renderApp('/admin/brokers/add');
    await userEvent.type(await screen.findByLabelText('Logo URL'), 'ftp://x');
    await userEvent.click(screen.getByRole('button', { name: 'Add broker' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Referral link (Open an Account)')).toHaveAccessibleDescription('Referral link is required');
    expect(screen.getByLabelText('Logo URL')).toHaveAccessibleDescription(
      'Logo must be an http(s) URL or a path starting with /',
    );
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(apiCalls().filter((c) => c.path === '/api/brokers/add')).toHaveLength(0);
  });

  it('sends newBroker with every field; a server problem goes beside its field, the rest in a dismissible alert', async () => {
    const { apiCalls } = asAdmin({
      'POST /api/brokers/add': {
        status: 400,
        errors: [
          { msg: 'Referral link must be an http(s) URL', path: 'newBroker.refLink' },
          { msg: 'A broker with that name exists' },
        ],
      },
    });
    renderApp('/admin/brokers/add');
    await userEvent.type(await screen.findByLabelText('Name'), 'Zed');
    await userEvent.type(screen.getByLabelText('Referral link (Open an Account)'), 'https://zed.example/ref');
    await userEvent.type(screen.getByLabelText('Headline'), 'Hello');
    await userEvent.selectOptions(screen.getByLabelText('Rating'), '5');
    await userEvent.selectOptions(screen.getByLabelText('Share return time'), '14');
    await userEvent.click(screen.getByLabelText('Margin'));
    await userEvent.click(screen.getByRole('button', { name: 'Add broker' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A broker with that name exists');
    expect(screen.getByLabelText('Referral link (Open an Account)')).toHaveAccessibleDescription(
      'Referral link must be an http(s) URL',
    );
    const body = apiCalls().find((c) => c.path === '/api/brokers/add')?.body as { newBroker: Record<string, unknown> };
    expect(body.newBroker).toMatchObject({
      name: 'Zed',
      headline: 'Hello',
      rating: 5,
      shareReturnTime: 14,
      accountMargin: true,
      accountCash: false,
      signupPromo: null,
      disabled: false,
    });
  });
});
