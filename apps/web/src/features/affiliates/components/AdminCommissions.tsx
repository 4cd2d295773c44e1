import type { CommissionsResponse } from '@roundup/shared/affiliates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { api, firstErrorMessage } from '../../../lib/api-client';
import { formatInMarketTz, formatMoney } from '../../../lib/format';
import { DismissibleSuccess } from '../../../components/FormKit';

const cents = (n: number) => formatMoney(n / 100);
const STATUS_BG = { pending: 'warning', paid: 'success', reversed: 'secondary' } as const;

/** Admin → user page: the user's affiliate commissions, with "mark paid" for the pending ones. */
export function AdminCommissions({ userId }: { userId: string }) {
  const qc = useQueryClient();
  const key = ['affiliates', 'admin', userId];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<CommissionsResponse>(`/api/affiliates/admin/${encodeURIComponent(userId)}/commissions`, { signal }),
  });
  const markPaid = useMutation({
    mutationFn: () =>
      api.post<CommissionsResponse & { count: number }>(`/api/affiliates/admin/${encodeURIComponent(userId)}/mark-paid`, {}),
    onSuccess: (data) => qc.setQueryData(key, data),
  });
  const [show, setShow] = useState(false);
  const done = useTimedMessage<string>();

  async function confirm() {
    try {
      const r = await markPaid.mutateAsync();
      setShow(false);
      done.show(`${r.count} commission${r.count === 1 ? '' : 's'} marked paid.`);
    } catch {
      // shown in the dialog
    }
  }

  if (query.isPending) return <p className="text-body-secondary small mb-0">Loading commissions…</p>;
  if (query.isError) return <p className="text-danger small mb-0">{firstErrorMessage(query.error)}</p>;
  const { totals, items } = query.data;

  return (
    <>
      <p className="small mb-2">
        Earned <strong>{cents(totals.earned)}</strong> · Pending <strong>{cents(totals.pending)}</strong> · Paid{' '}
        <strong>{cents(totals.paid)}</strong>
      </p>
      <DismissibleSuccess message={done.value} onClose={done.clear} />
      {items.length === 0 ? (
        <p className="text-body-secondary small mb-0">No commissions.</p>
      ) : (
        <Table responsive size="sm" className="small align-middle">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Referral</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c._id}>
                <td className="text-nowrap">{formatInMarketTz(c.createdDate, 'MMM d, yyyy')}</td>
                <td className="text-break">{c.referredUsername ?? '—'}</td>
                <td>{cents(c.amount)}</td>
                <td>
                  <Badge bg={STATUS_BG[c.status]} text={c.status === 'pending' ? 'dark' : undefined}>
                    {c.status}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {totals.pending > 0 ? (
        <Button
          variant="outline-primary"
          onClick={() => {
            markPaid.reset();
            setShow(true);
          }}
        >
          Mark {cents(totals.pending)} paid
        </Button>
      ) : null}
      <Modal show={show} onHide={() => setShow(false)} centered aria-labelledby="commissions-title">
        <Modal.Header closeButton>
          <Modal.Title id="commissions-title" as="h2" className="h5">
            Mark commissions paid?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">Record that {cents(totals.pending)} of pending commissions has been paid to this user.</p>
          {markPaid.isError ? (
            <p className="text-danger mt-3 mb-0" role="alert">
              {firstErrorMessage(markPaid.error)}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setShow(false)}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} disabled={markPaid.isPending}>
            {markPaid.isPending ? 'Saving…' : 'Mark paid'}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
