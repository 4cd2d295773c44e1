import type { ReactNode } from 'react';
import { Stroke } from '../../../components/Stroke';

/** Small inline icons (no icon font: strict CSP, tiny bundle), each in a 24×24 box hidden from screen readers. */
function Icon({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function NoteIcon({ size = 18 }: { size?: number }) {
  return (
    <Icon size={size}>
      <Stroke d="M5 3h10l4 4v14H5z M14 3v5h5 M8 12h8 M8 16h6" width="2" />
    </Icon>
  );
}

export function ChevronIcon({ dir, size = 18 }: { dir: 'left' | 'right'; size?: number }) {
  return (
    <Icon size={size}>
      <Stroke d={dir === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} width="2.2" />
    </Icon>
  );
}

export function LockIcon({ size = 16 }: { size?: number }) {
  return (
    <Icon size={size}>
      <path
        d="M6 11h12v10H6z M8.5 11V8a3.5 3.5 0 0 1 7 0v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

export function WarningIcon({ size = 16 }: { size?: number }) {
  return (
    <Icon size={size}>
      <Stroke d="M12 3l10 18H2z M12 10v5 M12 18v.5" width="2" />
    </Icon>
  );
}
