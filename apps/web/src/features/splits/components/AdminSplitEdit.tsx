import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import { RS_TYPES, SPLIT_STATUSES } from '@roundup/shared/domain';
import { splitInputSchema, type Split } from '@roundup/shared/splits';
import { errorMessages } from '../../../lib/api-client';
import { checkFields, hasErrors, serverErrors, useFormErrors } from '../../../lib/form-errors';
import { FieldError, invalidProps } from '../../../components/FieldError';
import { useSaveSplit, useSplit } from '../api';
import { ConfirmationPanel } from './ConfirmationPanel';
import { ExchangeField } from './ExchangeField';
import { SplitMemberStats } from './SplitMemberStats';
import { ChangeHistory } from './SplitChanges';
import { DateWarnings, EstProfitHint } from './SplitFormHints';
import { EMPTY, fromSplit, type FormState } from './split-form-state';

const FIELDS = Object.keys(EMPTY);

/** Add (no id) or view/edit a split: every field of product.md §3, server errors in a dismissible alert. */
export function AdminSplitEdit({ id }: { id?: string }) {
  const existing = useSplit(id);
  if (id && existing.isPending) return <p className="text-body-secondary">Loading split…</p>;
  if (id && existing.isError) {
    return (
      <Alert variant="danger">
        {errorMessages(existing.error)[0]} <Link to="/admin/reverse-splits">Back to the list</Link>
      </Alert>
    );
  }
  return (
    <>
      {/* Keyed by avgProfit too, so copying the members' average (below) shows in the form. */}
      <SplitForm
        key={`${id ?? 'new'}:${existing.data?.avgProfit ?? ''}`}
        id={id}
        initial={existing.data ? fromSplit(existing.data) : EMPTY}
        changes={existing.data?.changes}
      />
      {existing.data?.confirmation ? <ConfirmationPanel split={existing.data} /> : null}
      {existing.data?.status === 'Complete' ? <SplitMemberStats split={existing.data} /> : null}
    </>
  );
}

function SplitForm({ id, initial, changes }: { id?: string; initial: FormState; changes?: Split['changes'] }) {
  const [f, setF] = useState<FormState>(initial);
  const { errors, show, clear, clearField, formRef } = useFormErrors();
  const [saved, setSaved] = useState(false);
  const save = useSaveSplit();
  const navigate = useNavigate();
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => {
    setF((prev) => ({ ...prev, [k]: v }));
    clearField(k);
  };
  /** The props that flag a field and tie its message to it (issue 14). */
  const bad = (k: keyof FormState) => invalidProps(errors.fields[k], `rs-${k}`);
  const why = (k: keyof FormState) => <FieldError id={`rs-${k}`} error={errors.fields[k]} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    // Every problem at once, beside its field, with the server's own rules.
    const problems = checkFields(splitInputSchema, f, FIELDS);
    if (hasErrors(problems)) return show(problems);
    clear();
    try {
      const split = await save.mutateAsync({
        _id: id,
        ...f,
        ratio: f.ratio,
        price: f.price,
        estProfit: f.estProfit,
        avgProfit: f.avgProfit,
      });
      if (!id) void navigate(`/admin/reverse-splits/view/${split._id}`, { replace: true });
      else setSaved(true);
    } catch (err) {
      const found = serverErrors(err, FIELDS);
      show({ fields: found.fields, other: found.other.slice(0, 1) }); // product.md §8: the first message
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 fw-bold mb-0">{id ? `Edit ${initial.ticker}` : 'Add split'}</h1>
        <Link to="/admin/reverse-splits" className="btn btn-outline-dark btn-sm">
          Back to splits
        </Link>
      </div>
      {errors.other.length > 0 ? (
        <Alert variant="danger" dismissible onClose={clear} tabIndex={-1} data-form-errors="">
          {errors.other[0]}
        </Alert>
      ) : null}
      {saved ? (
        <Alert variant="success" dismissible onClose={() => setSaved(false)}>
          Saved
        </Alert>
      ) : null}
      <ChangeHistory changes={changes} />
      <Form className="card shadow-sm" onSubmit={(e) => void submit(e)} noValidate ref={formRef}>
        <div className="card-body row g-3">
          <Form.Group className="col-12 col-md-8" controlId="rs-name">
            <Form.Label>Company name</Form.Label>
            <Form.Control
              {...bad('name')}
              value={f.name}
              onChange={(e) => set('name', e.target.value)}
              required
              maxLength={200}
            />
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
            <EstProfitHint f={f} initial={initial} isEdit={Boolean(id)} />
            {why('estProfit')}
          </Form.Group>
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
          <ExchangeField
            value={f.exchange}
            buyDate={f.buyDate}
            error={errors.fields.exchange}
            onChange={(v) => set('exchange', v)}
          />
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
            <Form.Check
              type="switch"
              label="Caution (highlight this split)"
              checked={f.caution}
              onChange={(e) => set('caution', e.target.checked)}
            />
          </Form.Group>
        </div>
        <div className="card-footer bg-body d-flex gap-2 justify-content-end">
          <Link to="/admin/reverse-splits" className="btn btn-outline-secondary">
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : id ? 'Save changes' : 'Add split'}
          </button>
        </div>
      </Form>
    </>
  );
}
