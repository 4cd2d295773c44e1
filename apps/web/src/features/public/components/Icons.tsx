import { Stroke } from '../../../components/Stroke';
/** Small decorative icons for the public pages (inline SVG: no icon font to download). */
export function CheckIcon({ className = 'rp-check' }: { className?: string }) {
  return (
    <svg className={className} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.14" />
      <Stroke d="M6 10.5 L8.8 13 L14 7.5" width="2" />
    </svg>
  );
}

export function CrossIcon({ className = 'rp-cross' }: { className?: string }) {
  return (
    <svg className={className} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.12" />
      <Stroke d="M7 7 L13 13 M13 7 L7 13" width="2" miter />
    </svg>
  );
}

/** "Included" / "Not included" as an icon with a screen-reader label. */
export function Included({ yes, partial }: { yes: boolean; partial?: string }) {
  if (partial) {
    return (
      <span className="d-inline-flex align-items-center gap-1">
        <CheckIcon />
        <span className="small">{partial}</span>
      </span>
    );
  }
  return yes ? (
    <>
      <CheckIcon />
      <span className="visually-hidden">Included</span>
    </>
  ) : (
    <>
      <CrossIcon />
      <span className="visually-hidden">Not included</span>
    </>
  );
}
