import Form from 'react-bootstrap/Form';
import { RS_TYPES, SPLIT_STATUSES } from '@roundup/shared/domain';
import type { Split } from '@roundup/shared/splits';
import { FieldError, invalidProps } from '../../../components/FieldError';
import { ExchangeField } from './ExchangeField';
import { DateWarnings, EstProfitHint } from './SplitFormHints';
import type { FormState } from './split-form-state';
import { SwitchField } from '../../../components/FormKit';

/** What the split form's field groups need: the values, the setter and each field's problem. */
interface FieldsProps {
  f: FormState;
  set: <K extends keyof FormState>(k: K, v: FormState[K]) => void;
  errors: Record<string, string | undefined>;
}

/** The props that flag a field and tie its message to it, and the message itself. */
function fieldHelpers(errors: FieldsProps['errors']) {
  return {
    bad: (k: keyof FormState) => invalidProps(errors[k], `rs-${k}`),
    why: (k: keyof FormState) => <FieldError id={`rs-${k}`} error={errors[k]} />,
  };
}

/** The split's terms (product.md#stored): company, dates with their warnings, ratio, price, estimated profit. */
export function SplitTermsFields({ f, set, errors, initial, isEdit }: FieldsProps & { initial: FormState; isEdit: boolean }) {
  const { bad, why } = fieldHelpers(errors);
  return (
    <>
      <Form.Group className="col-12 col-md-8" controlId="rs-name">
        <Form.Label>Company name</Form.Label>
        <Form.Control {...bad('name')} value={f.name} onChange={(e) => set('name', e.target.value)} required maxLength={200} />
        {why('name')}
      </Form.Group>
      <Form.Group className="col-12 col-md-4" controlId="rs-ticker">
        <Form.Label>Ticker</Form.Label>
        <Form.Control
          {...bad('ticker')}
          value={f.ticker}
          onChange={(e) => set('ticker', e.target.value.toUpperCase())}
          required
          maxLength={12}
          className="font-monospace"
        />
        {why('ticker')}
      </Form.Group>
      <Form.Group className="col-6 col-md-3" controlId="rs-buyDate">
        <Form.Label>Buy date</Form.Label>
        <Form.Control
          {...bad('buyDate')}
          type="date"
          value={f.buyDate}
          onChange={(e) => set('buyDate', e.target.value)}
          required
        />
        {why('buyDate')}
      </Form.Group>
      <Form.Group className="col-6 col-md-3" controlId="rs-effDate">
        <Form.Label>Effective date</Form.Label>
        <Form.Control
          {...bad('effDate')}
          type="date"
          value={f.effDate}
          onChange={(e) => set('effDate', e.target.value)}
          required
        />
        {why('effDate')}
      </Form.Group>
      <DateWarnings buyDate={f.buyDate} effDate={f.effDate} />
      <Form.Group className="col-6 col-md-3" controlId="rs-ratio">
        <Form.Label>Ratio (N:1)</Form.Label>
        <Form.Control
          {...bad('ratio')}
          type="number"
          min={2}
          step={1}
          value={f.ratio}
          onChange={(e) => set('ratio', e.target.value)}
          required
        />
        {why('ratio')}
      </Form.Group>
      <Form.Group className="col-6 col-md-3" controlId="rs-price">
        <Form.Label>Price ($)</Form.Label>
        <Form.Control
          {...bad('price')}
          type="number"
          min={0}
          step="0.0001"
          value={f.price}
          onChange={(e) => set('price', e.target.value)}
          required
        />
        {why('price')}
      </Form.Group>
      <Form.Group className="col-6 col-md-3" controlId="rs-estProfit">
        <Form.Label>Estimated profit ($)</Form.Label>
        <Form.Control
          {...bad('estProfit')}
          type="number"
          min={0}
          step="0.01"
          value={f.estProfit}
          onChange={(e) => set('estProfit', e.target.value)}
        />
        <EstProfitHint f={f} initial={initial} isEdit={isEdit} />
        {why('estProfit')}
      </Form.Group>
    </>
  );
}

/** The rest of the split: average profit, status, type, exchange with its deadline, source, notes, caution. */
export function SplitDetailFields({ f, set, errors }: FieldsProps) {
  const { bad, why } = fieldHelpers(errors);
  return (
    <>
      <Form.Group className="col-6 col-md-3" controlId="rs-avgProfit">
        <Form.Label>Average profit ($)</Form.Label>
        <Form.Control
          {...bad('avgProfit')}
          type="number"
          step="0.01"
          value={f.avgProfit}
          onChange={(e) => set('avgProfit', e.target.value)}
        />
        {why('avgProfit')}
      </Form.Group>
      <Form.Group className="col-6 col-md-3" controlId="rs-status">
        <Form.Label>Status</Form.Label>
        <Form.Select {...bad('status')} value={f.status} onChange={(e) => set('status', e.target.value as Split['status'])}>
          {SPLIT_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </Form.Select>
        {why('status')}
      </Form.Group>
      <Form.Group className="col-6 col-md-3" controlId="rs-rsType">
        <Form.Label>Type</Form.Label>
        <Form.Select {...bad('rsType')} value={f.rsType} onChange={(e) => set('rsType', e.target.value as Split['rsType'])}>
          {RS_TYPES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </Form.Select>
        {why('rsType')}
      </Form.Group>
      <ExchangeField value={f.exchange} buyDate={f.buyDate} error={errors.exchange} onChange={(v) => set('exchange', v)} />
      <Form.Group className="col-12" controlId="rs-source">
        <Form.Label>Source URL</Form.Label>
        <Form.Control
          {...bad('source')}
          type="url"
          value={f.source}
          onChange={(e) => set('source', e.target.value)}
          placeholder="https://"
        />
        {why('source')}
      </Form.Group>
      <Form.Group className="col-12" controlId="rs-notes">
        <Form.Label>Notes</Form.Label>
        <Form.Control
          {...bad('notes')}
          as="textarea"
          rows={3}
          value={f.notes}
          onChange={(e) => set('notes', e.target.value)}
          maxLength={5000}
        />
        {why('notes')}
      </Form.Group>
      <Form.Group className="col-12" controlId="rs-caution">
        <SwitchField label="Caution (highlight this split)" checked={f.caution} onChange={(checked) => set('caution', checked)} />
        <SwitchField
          id="rs-participant"
          label="Rounded up at the participant (broker) level, not per holder"
          checked={f.participant}
          onChange={(checked) => set('participant', checked)}
        />
      </Form.Group>
    </>
  );
}
