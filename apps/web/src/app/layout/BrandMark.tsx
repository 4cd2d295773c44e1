import { Stroke } from '../../components/Stroke';
/** The RoundUp logo mark: an upward arrow rounding a corner. Decorative. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="ru-brand-mark">
      <rect width="32" height="32" rx="9" fill="currentColor" />
      <Stroke d="M8 22 L14 16 L18 19 L24 11" color="#fff" width="3" />
      <Stroke d="M19 10.5 H24.5 V16" color="#fff" width="3" />
    </svg>
  );
}
