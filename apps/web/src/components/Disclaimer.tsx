export const DISCLAIMER_TEXT =
  'RoundUp is for education only and is not financial advice. Trading involves risk, including the possible loss of principal. Do your own research or consult a licensed professional before you trade.';

export function Disclaimer({ className = '' }: { className?: string }) {
  return (
    <aside className={`ru-disclaimer small text-body-secondary ${className}`} aria-label="Disclaimer">
      <strong>Disclaimer:</strong> {DISCLAIMER_TEXT}
    </aside>
  );
}
