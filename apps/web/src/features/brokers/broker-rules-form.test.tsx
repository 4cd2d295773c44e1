import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BrokerForm, brokerFormValues, toBrokerInput, type BrokerFormValues } from './components/BrokerForm';

/** The admin broker form edits the dated broker rules. */
function renderForm() {
  const onSubmit = vi.fn(async (_v: BrokerFormValues) => {});
  render(
    <BrokerForm
      initial={{ ...brokerFormValues(), name: 'Webull', refLink: 'https://webull.example/ref' }}
      submitLabel="Save broker"
      busy={false}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe('BrokerForm: broker rules', () => {
  it('sends the price bands, day-one delivery and a dated round-up status with its source', async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add a price band' }));
    await userEvent.type(screen.getByLabelText('At least'), '100');
    await userEvent.type(screen.getByLabelText('shares when the price is under $'), '1');
    await userEvent.selectOptions(screen.getByLabelText('Share arrives on the effective date'), 'yes');
    await userEvent.selectOptions(screen.getByLabelText('Round-up status'), 'blocks');
    await userEvent.type(screen.getByLabelText('As of'), '2026-10-14');
    await userEvent.type(screen.getByLabelText('Source of the status'), 'Support chat');
    await userEvent.click(screen.getByRole('button', { name: 'Save broker' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toBrokerInput(onSubmit.mock.calls[0][0])).toMatchObject({
      minimumOrder: [{ below: 1, minShares: 100 }],
      dayOneDelivery: true,
      roundUpStatus: 'blocks',
      roundUpStatusDate: '2026-10-14',
      roundUpStatusSource: 'Support chat',
    });
  });

  it('asks for the date of a round-up status, and for whole shares, before sending', async () => {
    const onSubmit = renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Round-up status'), 'does_not_honour');
    await userEvent.click(screen.getByRole('button', { name: 'Add a price band' }));
    await userEvent.type(screen.getByLabelText('At least'), '2.5');
    await userEvent.type(screen.getByLabelText('shares when the price is under $'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save broker' }));
    expect(await screen.findByLabelText('As of')).toHaveAccessibleDescription('Give the date the round-up status was checked');
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum shares must be a whole number');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
