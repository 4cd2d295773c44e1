import type { ReactNode } from 'react';
import { Stroke } from '../../components/Stroke';

/**
 * Footer illustrations (product.md#screens: the footer image differs for logged-out vs logged-in).
 * Inline SVG only: no external URLs.
 */
/** The footer drawing's frame: a 220×120 card, named for screen readers. */
function FooterFrame({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <svg className="ru-footer-art" viewBox="0 0 220 120" role="img" aria-label={label} data-testid={testId}>
      <rect x="0" y="0" width="220" height="120" rx="16" fill="rgba(255,255,255,0.06)" />
      {children}
    </svg>
  );
}

export function FooterArtVisitor() {
  return (
    <FooterFrame label="Coins stacking up beside a rising chart" testId="footer-art-visitor">
      <Stroke d="M20 96 L62 74 L92 84 L136 46 L170 54 L200 24" color="#5eead4" width="5" />
      <circle cx="200" cy="24" r="7" fill="#5eead4" />
      {[0, 1, 2, 3].map((i) => (
        <ellipse key={i} cx="48" cy={100 - i * 9} rx="20" ry="6" fill="#fbbf24" stroke="#b45309" strokeWidth="1.5" />
      ))}
      {[0, 1].map((i) => (
        <ellipse key={i} cx="98" cy={104 - i * 9} rx="16" ry="5" fill="#fcd34d" stroke="#b45309" strokeWidth="1.5" />
      ))}
    </FooterFrame>
  );
}

export function FooterArtMember() {
  return (
    <FooterFrame label="A calendar with a checked reverse-split day" testId="footer-art-member">
      <rect x="40" y="18" width="140" height="88" rx="10" fill="#f8fafc" />
      <rect x="40" y="18" width="140" height="22" rx="10" fill="#14b8a6" />
      <rect x="40" y="30" width="140" height="10" fill="#14b8a6" />
      {[0, 1, 2, 3, 4].map((c) =>
        [0, 1, 2].map((r) => (
          <rect
            key={`${c}-${r}`}
            x={52 + c * 25}
            y={48 + r * 18}
            width="16"
            height="11"
            rx="3"
            fill={c === 3 && r === 1 ? '#14b8a6' : '#e2e8f0'}
          />
        )),
      )}
      <Stroke d="M129 71 l4 4 l8 -9" color="#fff" width="2.5" />
    </FooterFrame>
  );
}
