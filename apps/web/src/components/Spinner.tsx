/** The loading placeholder of product.md#screens guards ("Spinner..."). */
export function Spinner({ label = 'Spinner...' }: { label?: string }) {
  return (
    <div className="ru-spinner d-flex align-items-center justify-content-center gap-2 py-5" role="status" aria-live="polite">
      <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
      <span className="text-body-secondary small">{label}</span>
    </div>
  );
}
