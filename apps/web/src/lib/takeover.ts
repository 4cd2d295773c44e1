/**
 * When the app takes over a page rendered at build (docs/decisions/016-landing-javascript.md).
 *
 * The prerendered public pages work without JavaScript: links are real links, the phone menu is a
 * native popover. Their loader (src/boot.ts) therefore does not start the app at load; it starts it
 *   - at once when the browser holds a session (a member must get their navigation promptly);
 *   - on the visitor's first interaction: pointerdown or touchstart (outside a link: a link navigates
 *     by itself, and the app would only be thrown away), keydown, focusin;
 *   - when something only the app can fill comes into view: an element marked `data-needs-app`
 *     (the loading state of the landing's recent splits, the FAQ list, the Learn calculator).
 * Nothing else starts it: not a timer, not idle time.
 */

/** Events that count as the visitor using the page. */
export const INTERACTION_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Elements that stay empty or inert until the app runs; the app starts when one nears the viewport. */
export const NEEDS_APP_SELECTOR = '[data-needs-app]';

/** How far ahead of the viewport a `data-needs-app` element starts the app. */
export const NEEDS_APP_MARGIN = '200px';

export type TakeoverReason = 'session' | 'interaction' | 'content';

export interface StartHooks {
  /** Called right before the app starts hydrating: from then on React sees events itself. */
  hydrating(): void;
}

export interface TakeoverOptions {
  doc: Document;
  /** Whether the browser holds a session (its presence only; the token is never read here). */
  hasSession: boolean;
  /** Loads and starts the app; resolves once it has hydrated. Called at most once. */
  start(hooks: StartHooks, reason: TakeoverReason): Promise<void>;
  /** IntersectionObserver, or undefined where the browser has none. */
  IntersectionObserver?: typeof IntersectionObserver;
  /**
   * Events that happened before this loader ran, kept by the page's first script (src/early-input.js):
   * they are handled as if they happened now, in order.
   */
  early?: readonly Event[];
}

export interface Takeover {
  /** The reason the app started, once it did. */
  reason(): TakeoverReason | null;
  /** Settles when the app has taken over (and a pending click was replayed). */
  done: Promise<void>;
}

function insideLink(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('a[href]') !== null;
}

/**
 * A button the visitor clicked before the app could handle it (the Feedback button): it is clicked
 * again once the app has hydrated, so the tap is not lost. Native controls (a popover's toggle,
 * links) already worked and are left alone.
 */
function replayableButton(target: EventTarget | null): HTMLButtonElement | null {
  const button = target instanceof Element ? target.closest('button') : null;
  if (!button || button.hasAttribute('popovertarget') || button.type !== 'button' || button.disabled) return null;
  return button as HTMLButtonElement;
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

function textField(target: EventTarget | null): TextField | null {
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement && !['checkbox', 'radio', 'file', 'button', 'submit', 'reset'].includes(target.type))
    return target;
  return null;
}

/**
 * Text the visitor typed before the app took over (the Learn calculator): hydration keeps it on
 * screen but the app's state still holds the built value, and its next render would put that back.
 * The field is given the typed text again as an input event the app handles like a keystroke: the
 * value is first set through the element itself (what the app last saw), then through the
 * prototype's setter (what the visitor typed), so the app sees a change.
 */
export function replayTypedValue(field: TextField, value: string): void {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  field.value = [field.defaultValue, '0', ''].find((v) => v !== value) ?? '';
  if (setValue) setValue.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function armTakeover(options: TakeoverOptions): Takeover {
  const { doc } = options;
  let reason: TakeoverReason | null = null;
  let recording = true;
  let pendingClick: HTMLButtonElement | null = null;
  // Until the app has rendered once: what the visitor typed, by field.
  const typed = new Map<TextField, string>();
  let observer: IntersectionObserver | null = null;
  let resolveDone!: () => void;
  let rejectDone!: (error: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });

  const onClick = (event: Event) => {
    if (recording) pendingClick = replayableButton(event.target);
  };
  const onInput = (event: Event) => {
    const field = textField(event.target);
    if (field) typed.set(field, field.value);
  };
  const onInteraction = (event: Event) => {
    if ((event.type === 'pointerdown' || event.type === 'touchstart') && insideLink(event.target)) return;
    begin('interaction');
  };

  function disarm() {
    for (const type of INTERACTION_EVENTS) doc.removeEventListener(type, onInteraction, true);
    observer?.disconnect();
    observer = null;
  }

  function begin(why: TakeoverReason) {
    if (reason) return;
    reason = why;
    disarm();
    options
      .start(
        {
          hydrating() {
            recording = false;
            doc.removeEventListener('click', onClick, true);
            // A value that came without an input event (a form the browser restored, autofill) still
            // differs from the value the field was built with.
            for (const field of doc.querySelectorAll<TextField>('input, textarea')) {
              const f = textField(field);
              if (f && !typed.has(f) && f.value !== f.defaultValue) typed.set(f, f.value);
            }
          },
        },
        why,
      )
      .then(() => {
        recording = false;
        doc.removeEventListener('click', onClick, true);
        doc.removeEventListener('input', onInput, true);
        for (const [field, value] of typed) if (field.isConnected) replayTypedValue(field, value);
        typed.clear();
        const button = pendingClick;
        pendingClick = null;
        if (button?.isConnected) button.click();
        resolveDone();
      }, rejectDone);
  }

  const takeEarly = () => {
    for (const event of options.early ?? []) {
      if (event.type === 'click') onClick(event);
      else if (event.type === 'input') onInput(event);
      else if (!options.hasSession) onInteraction(event);
    }
    return { reason: () => reason, done };
  };

  doc.addEventListener('click', onClick, true);
  doc.addEventListener('input', onInput, true);
  if (options.hasSession) {
    begin('session');
    return takeEarly();
  }
  for (const type of INTERACTION_EVENTS) doc.addEventListener(type, onInteraction, { capture: true, passive: true });

  const needsApp = [...doc.querySelectorAll(NEEDS_APP_SELECTOR)];
  if (needsApp.length > 0) {
    if (!options.IntersectionObserver) begin('content');
    else {
      observer = new options.IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) begin('content');
        },
        { rootMargin: NEEDS_APP_MARGIN },
      );
      for (const el of needsApp) observer.observe(el);
    }
  }
  return takeEarly();
}
