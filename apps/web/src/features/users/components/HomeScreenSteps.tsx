import { isAppleMobile, runsStandalone } from '../home-screen';

/**
 * How to get push alerts on an iPhone or iPad: iOS sends them only to RoundUp opened from the home screen.
 * Inside that app it says so instead, since the button above then works.
 */
export function HomeScreenSteps({ win = window }: { win?: Window }) {
  if (runsStandalone(win)) {
    return (
      <p className="small text-body-secondary mt-3 mb-0" data-testid="push-standalone">
        You are using RoundUp from your home screen: alerts turned on here reach this device, on iPhone and iPad too.
      </p>
    );
  }
  const apple = isAppleMobile(win.navigator);
  return (
    <div className="mt-3" data-testid="push-home-screen">
      <p className="small fw-semibold mb-1">{apple ? 'On this iPhone or iPad' : 'On an iPhone or iPad'}</p>
      <p className="small text-body-secondary mb-1">
        iOS sends browser alerts only to RoundUp opened from the home screen, not to a Safari tab:
      </p>
      <ol className="small text-body-secondary mb-0 ps-3">
        <li>
          In Safari, tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
        </li>
        <li>Open RoundUp from the home screen and sign in.</li>
        <li>
          In Settings → Profile, turn push on: <strong>Turn on browser alerts on this device</strong>.
        </li>
      </ol>
    </div>
  );
}
