import Form from 'react-bootstrap/Form';
import { isIsoDate } from '@roundup/shared/dates';
import { deadlineText, EXCHANGES, splitDeadline, type Exchange } from '@roundup/shared/deadline';
import { FieldError, invalidProps } from '../../../components/FieldError';

/**
 * The split form's exchange, with the deadline members will read under it: the
 * close of the buy-by session, and the halt for Nasdaq and NYSE listings.
 */
export function ExchangeField({
  value,
  buyDate,
  error,
  onChange,
}: {
  value: Exchange | '';
  buyDate: string;
  error: string | undefined;
  onChange: (v: Exchange | '') => void;
}) {
  return (
    <Form.Group className="col-12 col-md-6" controlId="rs-exchange">
      <Form.Label>Exchange</Form.Label>
      <Form.Select
        {...invalidProps(error, 'rs-exchange')}
        value={value}
        onChange={(e) => onChange(e.target.value as Exchange | '')}
      >
        <option value="">Unknown</option>
        {EXCHANGES.map((x) => (
          <option key={x}>{x}</option>
        ))}
      </Form.Select>
      <Form.Text data-testid="rs-deadline-hint">
        {isIsoDate(buyDate) ? deadlineText(splitDeadline(buyDate, value || null)) : 'Pick the buy date to see the deadline.'}
      </Form.Text>
      <FieldError id="rs-exchange" error={error} />
    </Form.Group>
  );
}
