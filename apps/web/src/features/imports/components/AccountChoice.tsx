import type { ImportPreview } from '@roundup/shared/imports';

/**
 * A file that names several broker accounts (Fidelity's All Accounts download): the member picks the one
 * to import into the chosen RoundUp account; each of the file's accounts is imported into its own.
 */
export function AccountChoice({
  preview,
  chosen,
  onChoose,
}: {
  preview: ImportPreview;
  chosen: string | undefined;
  onChoose: (brokerAccount: string) => void;
}) {
  if (preview.accounts.length < 2) return null;
  return (
    <div className="alert alert-info">
      <label htmlFor="import-broker-account" className="form-label">
        This file holds {preview.accounts.length} broker accounts. Which one goes into this account?
      </label>
      <select
        id="import-broker-account"
        className="form-select"
        value={chosen ?? ''}
        onChange={(e) => e.target.value && onChoose(e.target.value)}
      >
        <option value="">Choose the broker account…</option>
        {preview.accounts.map((a) => (
          <option key={a.brokerAccount} value={a.brokerAccount}>
            {a.brokerAccount} ({a.rows} {a.rows === 1 ? 'row' : 'rows'})
          </option>
        ))}
      </select>
      <div className="form-text">Import the file again into your other accounts, choosing their broker account each time.</div>
    </div>
  );
}
