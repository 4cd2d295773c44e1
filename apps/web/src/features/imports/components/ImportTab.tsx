import { groupByBroker } from '@roundup/shared';
import {
  IMPORT_MAX_BYTES,
  STATEMENT_FORMAT_NAMES,
  STATEMENT_FORMATS,
  type ImportPreview,
  type ImportRequest,
  type StatementFormatId,
} from '@roundup/shared/imports';
import { can } from '@roundup/shared/permissions';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { errorMessages } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useMyAccounts } from '../../../lib/my-accounts';
import { useApplyImport, usePreviewImport } from '../api';
import { mappingOf } from './AccountMapping';
import { ImportReview } from './ImportReview';

const DESCRIPTION =
  'Upload the CSV your broker exports: Schwab, Fidelity (one account or All Accounts), tastytrade or tastyworks, or Interactive Brokers (a Flex query or the Activity Statement). ' +
  'RoundUp matches its buys, sells and reverse-split rows to splits, shows what it will save, and saves every split it can when you apply. Importing the same file again changes nothing.';

/** Settings › Import (decision 030): a broker statement into one account, previewed, then applied. */
export function ImportTab() {
  const { data: user } = useAuth();
  const paid = Boolean(user && can(user.role, 'trades:record'));
  const accounts = useMyAccounts();
  const preview = usePreviewImport();
  const apply = useApplyImport();
  const [accountId, setAccountId] = useState('');
  const [format, setFormat] = useState<StatementFormatId | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [request, setRequest] = useState<ImportRequest | null>(null);
  // The last preview read: a change the server refuses (its message shows) leaves it, and its choices, on screen.
  const [shown, setShown] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (!paid)
    return (
      <SettingsPanel title="Import a statement" description={DESCRIPTION}>
        <p className="mb-2">Recording trades, and importing them, is part of membership.</p>
        <Link to="/services" className="btn btn-primary btn-sm">
          See plans
        </Link>
      </SettingsPanel>
    );

  const reset = () => {
    setRequest(null);
    setShown(null);
    preview.reset();
    apply.reset();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    reset();
    const local = !file
      ? 'Choose the statement file'
      : file.size > IMPORT_MAX_BYTES
        ? 'The file is larger than 5 MB; export a shorter period'
        : null;
    setProblem(local);
    if (local || !file) return;
    const body: ImportRequest = { accountId, csv: await file.text(), ...(format ? { format } : {}) };
    setRequest(body);
    preview.mutate(body, { onSuccess: setShown });
  };
  /** The same file previewed again with a buy given or the broker accounts mapped. */
  const again = (change: Partial<ImportRequest>) => {
    if (!request) return;
    const body = { ...request, ...change };
    apply.reset();
    preview.mutate(body, { onSuccess: (p) => (setRequest(body), setShown(p)) });
  };
  /** What apply sends: a file of several broker accounts goes by the mapping on screen (remembered ones included). */
  const toApply = (r: ImportRequest, p: ImportPreview): ImportRequest =>
    p.accounts.length > 1 && !r.brokerAccount ? { ...r, mapping: mappingOf(p) } : r;
  const groups = groupByBroker(accounts.data?.accounts ?? []);
  const broker = accounts.data?.accounts.find((a) => a._id === accountId)?.broker ?? '';
  const atBroker = (accounts.data?.accounts ?? []).filter((a) => a.broker === broker);

  return (
    <SettingsPanel title="Import a statement" description={DESCRIPTION}>
      <form onSubmit={(e) => void submit(e)} className="row g-3 align-items-end" aria-label="Import a statement">
        <div className="col-12 col-md-6">
          <label htmlFor="import-account" className="form-label">
            Account
          </label>
          <select
            id="import-account"
            className="form-select"
            required
            value={accountId}
            onChange={(e) => (setAccountId(e.target.value), reset())}
          >
            <option value="">Choose the account…</option>
            {groups.map((g) => (
              <optgroup key={g.broker} label={g.broker}>
                {g.accounts.map((a) => (
                  <option key={a._id} value={a._id}>
                    {a.nickname}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="col-12 col-md-6">
          <label htmlFor="import-format" className="form-label">
            Format
          </label>
          <select
            id="import-format"
            className="form-select"
            value={format}
            onChange={(e) => (setFormat(e.target.value as StatementFormatId | ''), reset())}
          >
            <option value="">Detect from the file</option>
            {STATEMENT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {STATEMENT_FORMAT_NAMES[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md-8">
          <label htmlFor="import-file" className="form-label">
            Statement (CSV, up to 5 MB)
          </label>
          <input
            id="import-file"
            type="file"
            className="form-control"
            accept=".csv,text/csv"
            onChange={(e) => (setFile(e.target.files?.[0] ?? null), reset())}
          />
        </div>
        <div className="col-12 col-md-4">
          <button type="submit" className="btn btn-primary w-100" disabled={preview.isPending}>
            {preview.isPending ? 'Reading…' : 'Preview'}
          </button>
        </div>
      </form>
      <ErrorAlert
        className="mt-3 mb-0"
        messages={
          problem ? [problem] : errorMessages(preview.error ?? apply.error).filter(() => preview.isError || apply.isError)
        }
      />
      {shown && request ? (
        <ImportReview
          preview={shown}
          result={apply.data ?? null}
          applying={apply.isPending}
          onApply={() => apply.mutate(toApply(request, shown))}
          onBuy={(buy) =>
            again({
              buys: [...(request.buys ?? []).filter((b) => b.splitId !== buy.splitId || b.accountId !== buy.accountId), buy],
            })
          }
          accounts={atBroker}
          broker={broker}
          onMap={(mapping) => again({ mapping, brokerAccount: undefined, buys: [] })}
        />
      ) : null}
    </SettingsPanel>
  );
}
