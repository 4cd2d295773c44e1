/**
 * iOS delivers web push only to a web app opened from the home screen (with a web app manifest): in Safari's
 * tabs there is no PushManager at all. These tell the Browser alerts panel which explanation a member needs.
 */

/** Whether RoundUp runs as an installed app: the display-mode media query, or Safari's own flag on iOS. */
export function runsStandalone(win: Pick<Window, 'matchMedia' | 'navigator'>): boolean {
  if ((win.navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  return typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches;
}

/**
 * An iPhone, iPod or iPad. An iPad asks for desktop pages and names itself "Macintosh": it is the Mac that
 * answers with touch points.
 */
export function isAppleMobile(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'>): boolean {
  if (/\b(iPhone|iPad|iPod)\b/.test(nav.userAgent)) return true;
  return /\bMacintosh\b/.test(nav.userAgent) && nav.maxTouchPoints > 1;
}
