import { describe, expect, it } from 'vitest';
import { isAppleMobile, runsStandalone } from './home-screen';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('isAppleMobile', () => {
  it.each([
    ['an iPhone', IPHONE, 5, true],
    ['an iPad asking for desktop pages (a Mac with touch points)', IPAD_AS_MAC, 5, true],
    ['a Mac', IPAD_AS_MAC, 0, false],
    ['an Android phone', ANDROID, 5, false],
  ])('%s', (_, userAgent, maxTouchPoints, expected) => {
    expect(isAppleMobile({ userAgent, maxTouchPoints })).toBe(expected);
  });
});

describe('runsStandalone', () => {
  const win = (standaloneQuery: boolean, safariFlag?: boolean) => ({
    matchMedia: (q: string) => ({ matches: q === '(display-mode: standalone)' && standaloneQuery }) as MediaQueryList,
    navigator: { standalone: safariFlag } as unknown as Navigator,
  });
  it.each([
    ['a browser tab', win(false), false],
    ['an installed app (display-mode: standalone)', win(true), true],
    ["iOS Safari's home-screen app (navigator.standalone)", win(false, true), true],
    ['iOS Safari in a tab', win(false, false), false],
  ])('%s', (_, w, expected) => {
    expect(runsStandalone(w)).toBe(expected);
  });
});
