import { Stroke } from '../../../components/Stroke';
/** The landing hero illustration: a 1-for-10 reverse split turning 1/10 of a share into one whole share. */
export function HeroArt() {
  return (
    <svg className="rp-hero-art" width="420" height="300" viewBox="0 0 420 300" role="img" aria-labelledby="hero-art-title">
      <title id="hero-art-title">
        One share bought at $0.40 becomes a tenth of a share in a 1-for-10 reverse split, is rounded up to one whole share, and is
        sold for about $4.00.
      </title>
      <rect x="10" y="20" width="400" height="260" rx="24" fill="#ffffff" opacity="0.08" />
      <g fontFamily="system-ui, sans-serif" fill="#ffffff">
        <rect x="40" y="60" width="100" height="120" rx="16" fill="#ffffff" opacity="0.16" />
        <text x="90" y="110" textAnchor="middle" fontSize="30" fontWeight="800">
          1
        </text>
        <text x="90" y="136" textAnchor="middle" fontSize="14">
          share
        </text>
        <text x="90" y="160" textAnchor="middle" fontSize="16" fontWeight="700">
          $0.40
        </text>
        <text x="90" y="210" textAnchor="middle" fontSize="13" opacity="0.9">
          Buy before
        </text>

        <path d="M152 120 H196" stroke="#fbbf24" strokeWidth="5" strokeLinecap="round" />
        <Stroke d="M188 110 L200 120 L188 130" color="#fbbf24" width="5" />

        <rect x="210" y="60" width="60" height="120" rx="16" fill="#ffffff" opacity="0.1" />
        <rect x="210" y="168" width="60" height="12" rx="6" fill="#fbbf24" />
        <text x="240" y="120" textAnchor="middle" fontSize="20" fontWeight="800">
          1/10
        </text>
        <text x="240" y="210" textAnchor="middle" fontSize="13" opacity="0.9">
          1-for-10
        </text>

        <path d="M280 120 H316" stroke="#fbbf24" strokeWidth="5" strokeLinecap="round" />
        <Stroke d="M308 110 L320 120 L308 130" color="#fbbf24" width="5" />

        <rect x="326" y="60" width="64" height="120" rx="16" fill="#fbbf24" />
        <text x="358" y="110" textAnchor="middle" fontSize="30" fontWeight="800" fill="#1f2937">
          1
        </text>
        <text x="358" y="136" textAnchor="middle" fontSize="14" fill="#1f2937">
          share
        </text>
        <text x="358" y="160" textAnchor="middle" fontSize="16" fontWeight="700" fill="#1f2937">
          $4.00
        </text>
        <text x="358" y="210" textAnchor="middle" fontSize="13" opacity="0.9">
          Rounded up
        </text>

        <text x="210" y="252" textAnchor="middle" fontSize="16" fontWeight="700">
          ≈ $3.60 profit per account
        </text>
      </g>
    </svg>
  );
}
