import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate } from 'react-router';
import { splitInputSchema, type Split } from '@roundup/shared/splits';
import { errorMessages } from '../../../lib/api-client';
import { checkFields, hasErrors, serverErrors, useFormErrors } from '../../../lib/form-errors';
import { usePreviewSplit, useSaveSplit, useSplit, type SplitPayload } from '../api';
import { AlertsHeld } from './AlertsHeld';
import { ConfirmationPanel } from './ConfirmationPanel';
import { SplitAlertPreview } from './SplitAlertPreview';
import { SplitMemberStats } from './SplitMemberStats';
import { ChangeHistory } from './SplitChanges';
import { SplitDetailFields, SplitTermsFields } from './SplitFormFields';
import { EMPTY, fromSplit, type FormState } from './split-form-state';

const FIELDS = Object.keys(EMPTY);

/** Add (no id) or view/edit a split: every field of product.md#stored, server errors in a dismissible alert. */
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
  // When the saved split's alerts go out: after an add it arrives with the navigation to the split's page.
  const location = useLocation() as { state?: { alertsAt?: string } | null };
  const [alertsAt, setAlertsAt] = useState<string | null>(location.state?.alertsAt ?? null);
  const save = useSaveSplit();
  const previewSplit = usePreviewSplit();
  // The alert this save will send, shown before it is sent; any edit takes it back to the form.
  const [preview, setPreview] = useState<Awaited<ReturnType<typeof previewSplit.mutateAsync>> | null>(null);
  const navigate = useNavigate();
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => {
    setF((prev) => ({ ...prev, [k]: v }));
    setPreview(null);
    clearField(k);
  };
  const payload = (): SplitPayload => ({ _id: id, ...f });
  const failed = (err: unknown) => {
    setPreview(null);
    const found = serverErrors(err, FIELDS);
    show({ fields: found.fields, other: found.other.slice(0, 1) }); // product.md#messages: the first message
  };

  const commit = async () => {
    try {
      const { split, alertsAt: at } = await save.mutateAsync(payload());
      setPreview(null);
      if (!id) void navigate(`/admin/reverse-splits/view/${split._id}`, { replace: true, state: { alertsAt: at } });
      else {
        setSaved(true);
        setAlertsAt(at);
      }
    } catch (err) {
      failed(err);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    // Every problem at once, beside its field, with the server's own rules.
    const problems = checkFields(splitInputSchema, f, FIELDS);
    if (hasErrors(problems)) return show(problems);
    clear();
    try {
      const p = await previewSplit.mutateAsync(payload());
      // Nothing to alert, or the gate refuses (the save answers with the same texts, shown beside the fields).
      if (!p.alert || p.problems.length > 0) return await commit();
      setPreview(p);
    } catch (err) {
      failed(err);
    }
  };
  const busy = save.isPending || previewSplit.isPending;

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
      {id && alertsAt ? <AlertsHeld key={alertsAt} splitId={id} alertsAt={alertsAt} /> : null}
      <ChangeHistory changes={changes} />
      <Form className="card shadow-sm" onSubmit={(e) => void submit(e)} noValidate ref={formRef}>
        <div className="card-body row g-3">
          <SplitTermsFields f={f} set={set} errors={errors.fields} initial={initial} isEdit={Boolean(id)} />
          <SplitDetailFields f={f} set={set} errors={errors.fields} />
        </div>
        <div className="card-footer bg-body d-flex gap-2 justify-content-end">
          <Link to="/admin/reverse-splits" className="btn btn-outline-secondary">
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={busy || preview !== null}>
            {busy ? 'Saving…' : id ? 'Save changes' : 'Add split'}
          </button>
        </div>
      </Form>
      {preview?.alert ? (
        <SplitAlertPreview
          alert={preview.alert}
          recipients={preview.recipients}
          confirmLabel={id ? 'Save and alert' : 'Publish'}
          pending={save.isPending}
          onConfirm={() => void commit()}
          onBack={() => setPreview(null)}
        />
      ) : null}
    </>
  );
}
