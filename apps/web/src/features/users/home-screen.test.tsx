import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { HomeScreenSteps } from './components/HomeScreenSteps';
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

describe('Browser alerts on iPhone: the steps, or that they are done', () => {
  const fakeWindow = (userAgent: string, standalone: boolean) =>
    ({
      matchMedia: () => ({ matches: standalone }),
      navigator: { userAgent, maxTouchPoints: 5 },
    }) as unknown as Window;

  it('in an iPhone Safari tab: add to the home screen, open the app, then turn push on', () => {
    render(<HomeScreenSteps win={fakeWindow(IPHONE, false)} />);
    expect(screen.getByText('On this iPhone or iPad')).toBeTruthy();
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual([
      'In Safari, tap Share, then Add to Home Screen.',
      'Open RoundUp from the home screen and sign in.',
      'In Settings → Profile, turn push on: Turn on browser alerts on this device.',
    ]);
  });

  it('elsewhere the steps are for an iPhone the member may also use', () => {
    render(<HomeScreenSteps win={fakeWindow(ANDROID, false)} />);
    expect(screen.getByText('On an iPhone or iPad')).toBeTruthy();
  });

  it('in the app opened from the home screen, no steps: the button works there', () => {
    render(<HomeScreenSteps win={fakeWindow(IPHONE, true)} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByTestId('push-standalone').textContent).toMatch(/from your home screen/);
  });
});
