import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { resolveConflictRequest, SOURCE_NAMES } from '@roundup/shared/confirmations';
import type { Split } from '@roundup/shared/splits';
import { errorMessages } from '../../../lib/api-client';
import { formatInMarketTz } from '../../../lib/format';
import { useConfirmationHistory, useResolveConflict } from '../api';
import { ConfirmationLine } from './ConfirmationLine';

const KIND: Record<string, string> = {
  seen: 'listed',
  conflict: 'conflict',
  confirmed: 'confirmed',
  resolved: 'resolved',
};

/**
 * The admin split screen's confirmation card: what the sources list, a conflict's
 * sentence and the control that resolves it (keep the split's terms, with a note; to take the
 * source's terms, edit the split above), and the history, which is never deleted.
 */
export function ConfirmationPanel({ split }: { split: Split }) {
  const history = useConfirmationHistory(split._id);
  const resolve = useResolveConflict();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = resolveConflictRequest.safeParse({ splitId: split._id, note });
    if (!parsed.success) return setProblem(parsed.error.issues[0].message);
    setProblem(null);
    try {
      await resolve.mutateAsync(parsed.data);
      setNote('');
      await history.refetch();
    } catch (err) {
      setProblem(errorMessages(err)[0]);
    }
  };
  return (
    <section className="card shadow-sm mt-3" aria-labelledby="confirmation-title" data-testid="confirmation-panel">
      <div className="card-body">
        <h2 id="confirmation-title" className="h6">
          Second source
        </h2>
        <ConfirmationLine split={split} detail />
        {split.confirmation?.state === 'conflict' ? (
          <Form className="mt-3" onSubmit={(e) => void submit(e)} noValidate>
            <Form.Group controlId="resolve-note">
              <Form.Label>Keep the split&rsquo;s terms: why?</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                isInvalid={Boolean(problem)}
                aria-describedby={problem ? 'resolve-note-error' : undefined}
              />
              <Form.Control.Feedback type="invalid" id="resolve-note-error">
                {problem}
              </Form.Control.Feedback>
              <Form.Text>To take the source&rsquo;s terms instead, edit the ratio or date above.</Form.Text>
            </Form.Group>
            <Button type="submit" size="sm" className="mt-2" disabled={resolve.isPending}>
              Resolve conflict
            </Button>
          </Form>
        ) : null}
        {history.isError ? <Alert variant="danger">{errorMessages(history.error)[0]}</Alert> : null}
        {history.data && history.data.events.length > 0 ? (
          <ol className="small text-body-secondary mt-3 mb-0 ps-3" aria-label="Confirmation history">
            {history.data.events.map((e, i) => (
              <li key={i}>
                {formatInMarketTz(e.at, 'MMM d, h:mm a')} · {KIND[e.kind]}
                {e.source ? ` · ${SOURCE_NAMES[e.source]}` : ''}
                {e.ratio ? ` 1-for-${e.ratio}` : ''}
                {e.marketDate ? ` on ${e.marketDate}` : ''}
                {e.actor ? ` · by ${e.actor}` : ''}
                {e.note ? ` — ${e.note}` : ''}
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </section>
  );
}
