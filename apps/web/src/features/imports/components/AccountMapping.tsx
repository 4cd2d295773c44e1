import type { ImportMappingEntry, ImportPreview } from '@roundup/shared/imports';

const SKIP = 'skip';

/** The mapping the preview shows: every broker account given an account or skipped, in the file's order. */
export function mappingOf(preview: ImportPreview): ImportMappingEntry[] {
  return preview.accounts
    .filter((a) => a.accountId || a.skip)
    .map((a) => ({ brokerAccount: a.brokerAccount, accountId: a.skip ? null : a.accountId }));
}

/** Every broker account of the file is given an account or skipped. */
export const fullyMapped = (preview: ImportPreview) => preview.accounts.every((a) => a.accountId || a.skip);

/**
 * A file that names several broker accounts (Fidelity's All Accounts download): each goes into one of the
 * member's accounts at that broker, or is skipped; the choices last apply made are pre-selected.
 */
export function AccountMapping({
  preview,
  accounts,
  broker,
  onMap,
}: {
  preview: ImportPreview;
  /** The member's accounts at the broker of the statement. */
  accounts: readonly { _id: string; nickname: string }[];
  broker: string;
  onMap: (mapping: ImportMappingEntry[]) => void;
}) {
  if (preview.accounts.length < 2) return null;
  /** Accounts another broker account of the file goes into: each broker account has its own. */
  const takenBy = (brokerAccount: string) =>
    new Set(mappingOf(preview).flatMap((m) => (m.brokerAccount !== brokerAccount && m.accountId ? [m.accountId] : [])));
  const choose = (brokerAccount: string, value: string) => {
    const others = mappingOf(preview).filter((m) => m.brokerAccount !== brokerAccount);
    const chosen = value ? [{ brokerAccount, accountId: value === SKIP ? null : value }] : [];
    const order = preview.accounts.map((a) => a.brokerAccount);
    onMap([...others, ...chosen].sort((a, b) => order.indexOf(a.brokerAccount) - order.indexOf(b.brokerAccount)));
  };
  return (
    <fieldset className="alert alert-info">
      <legend className="fs-6 fw-semibold mb-2">
        This file holds {preview.accounts.length} broker accounts. Which of your {broker} accounts does each go into?
      </legend>
      <div className="row g-2">
        {preview.accounts.map((a) => (
          <div key={a.brokerAccount} className="col-12 col-md-6 col-lg-4">
            <label htmlFor={`import-map-${a.brokerAccount}`} className="form-label mb-1">
              Broker account {a.brokerAccount} ({a.rows} {a.rows === 1 ? 'row' : 'rows'})
            </label>
            <select
              id={`import-map-${a.brokerAccount}`}
              className="form-select"
              value={a.skip ? SKIP : (a.accountId ?? '')}
              onChange={(e) => choose(a.brokerAccount, e.target.value)}
            >
              <option value="">Choose the account…</option>
              {accounts.map((mine) => (
                <option key={mine._id} value={mine._id} disabled={takenBy(a.brokerAccount).has(mine._id)}>
                  {mine.nickname}
                </option>
              ))}
              <option value={SKIP}>Skip</option>
            </select>
          </div>
        ))}
      </div>
      <div className="form-text">RoundUp remembers these choices for the next file from {broker}.</div>
    </fieldset>
  );
}
