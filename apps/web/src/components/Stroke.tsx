/** An open line of the site's drawings (logo, hero, footer, 404): no fill, round caps and (unless `miter`) joins. */
export function Stroke(p: { d: string; color?: string; width: string; dash?: string; opacity?: string; miter?: boolean }) {
  return (
    <path
      d={p.d}
      fill="none"
      stroke={p.color ?? 'currentColor'}
      strokeWidth={p.width}
      strokeLinecap="round"
      strokeLinejoin={p.miter ? undefined : 'round'}
      strokeDasharray={p.dash}
      opacity={p.opacity}
    />
  );
}
