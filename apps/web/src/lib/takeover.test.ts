import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { armTakeover, replayTypedValue, type StartHooks, type TakeoverReason } from './takeover';

/** An IntersectionObserver stand-in whose callback the test fires by hand. */
function fakeObserver() {
  const observed: Element[] = [];
  let fire: (visible: boolean) => void = () => {};
  let disconnected = false;
  class FakeIO {
    constructor(callback: IntersectionObserverCallback) {
      fire = (visible) =>
        callback(
          observed.map((target) => ({ target, isIntersecting: visible }) as IntersectionObserverEntry),
          this as unknown as IntersectionObserver,
        );
    }
    observe(el: Element) {
      observed.push(el);
    }
    disconnect() {
      disconnected = true;
    }
  }
  return {
    IO: FakeIO as unknown as typeof IntersectionObserver,
    observed,
    fire: (visible: boolean) => fire(visible),
    disconnected: () => disconnected,
  };
}

function page(html: string) {
  document.body.innerHTML = `<div id="root" data-prerendered="">${html}</div>`;
}

/** A start() that records its calls and lets the test decide when "hydration" begins and ends. */
function fakeStart() {
  const calls: TakeoverReason[] = [];
  let hooks: StartHooks | null = null;
  let finish: () => void = () => {};
  const start = vi.fn((h: StartHooks, reason: TakeoverReason) => {
    calls.push(reason);
    hooks = h;
    return new Promise<void>((resolve) => {
      finish = resolve;
    });
  });
  return {
    start,
    calls,
    hydrating: () => hooks!.hydrating(),
    finish: () => finish(),
  };
}

const fire = (target: EventTarget, type: string) => target.dispatchEvent(new Event(type, { bubbles: true, composed: true }));

afterEach(() => {
  document.body.innerHTML = '';
});

/** The app hydrates and finishes: the click the takeover kept reaches `button` once. */
async function expectOneClickAfterHydration(
  app: ReturnType<typeof fakeStart>,
  takeover: { done: Promise<unknown> },
  button: HTMLElement,
) {
  const clicks = vi.fn();
  button.addEventListener('click', clicks);
  app.hydrating();
  app.finish();
  await takeover.done;
  expect(clicks).toHaveBeenCalledTimes(1);
}

describe('armTakeover (docs/decisions/016-landing-javascript.md)', () => {
  it('does not start the app at load for a visitor without a session', () => {
    page('<main><h1>Hi</h1><a href="/learn">Learn</a></main>');
    const app = fakeStart();
    const takeover = armTakeover({ doc: document, hasSession: false, start: app.start, IntersectionObserver: fakeObserver().IO });
    expect(app.start).not.toHaveBeenCalled();
    expect(takeover.reason()).toBeNull();
  });

  it('starts it at once when the browser holds a session', () => {
    page('<main></main>');
    const app = fakeStart();
    const takeover = armTakeover({ doc: document, hasSession: true, start: app.start });
    expect(app.calls).toEqual(['session']);
    expect(takeover.reason()).toBe('session');
  });

  it.each(['pointerdown', 'touchstart', 'keydown', 'focusin'])('starts it once on the first %s', (type) => {
    page('<main><p id="p">Text</p></main>');
    const app = fakeStart();
    armTakeover({ doc: document, hasSession: false, start: app.start });
    fire(document.getElementById('p')!, type);
    fire(document.getElementById('p')!, 'pointerdown');
    fire(document.body, 'keydown');
    expect(app.calls).toEqual(['interaction']);
  });

  it('leaves a pointer on a link alone: the link navigates by itself', () => {
    page('<nav><a href="/learn"><span id="label">Learn</span></a></nav><p id="p">Text</p>');
    const app = fakeStart();
    armTakeover({ doc: document, hasSession: false, start: app.start });
    fire(document.getElementById('label')!, 'pointerdown');
    fire(document.getElementById('label')!, 'touchstart');
    expect(app.start).not.toHaveBeenCalled();
    // The keyboard on a link is still using the page.
    fire(document.getElementById('label')!, 'focusin');
    expect(app.calls).toEqual(['interaction']);
  });

  it('does not start on events that are not interactions (scroll, mousemove, a timer)', () => {
    vi.useFakeTimers();
    try {
      page('<p id="p">Text</p>');
      const app = fakeStart();
      armTakeover({ doc: document, hasSession: false, start: app.start });
      for (const type of ['scroll', 'mousemove', 'pointermove', 'visibilitychange']) fire(document.getElementById('p')!, type);
      vi.advanceTimersByTime(60_000);
      expect(app.start).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts when content only the app can fill comes into view, and not before', () => {
    page('<section><div role="status" data-needs-app="">Loading…</div></section>');
    const io = fakeObserver();
    const app = fakeStart();
    armTakeover({ doc: document, hasSession: false, start: app.start, IntersectionObserver: io.IO });
    expect(io.observed).toHaveLength(1);
    io.fire(false);
    expect(app.start).not.toHaveBeenCalled();
    io.fire(true);
    expect(app.calls).toEqual(['content']);
    expect(io.disconnected()).toBe(true);
  });

  it('starts at once for such content when the browser has no IntersectionObserver', () => {
    page('<div data-needs-app="">Loading…</div>');
    const app = fakeStart();
    armTakeover({ doc: document, hasSession: false, start: app.start, IntersectionObserver: undefined });
    expect(app.calls).toEqual(['content']);
  });

  it('clicks a button tapped before the app could handle it again once the app has rendered', async () => {
    page('<button type="button" id="feedback">Feedback</button>');
    const app = fakeStart();
    const takeover = armTakeover({ doc: document, hasSession: false, start: app.start });
    const button = document.getElementById('feedback')!;
    fire(button, 'pointerdown');
    button.click();
    await expectOneClickAfterHydration(app, takeover, button);
  });

  it("takes the tap made before it ran from the page's first script (early-input.js): starts, and clicks again", async () => {
    page('<button type="button" id="feedback">Feedback</button>');
    // The classic script in <head>, as the browser runs it before the page is parsed.
    new Function(readFileSync(path.join(import.meta.dirname, '../early-input.js'), 'utf8'))();
    const button = document.getElementById('feedback')!;
    fire(button, 'pointerdown');
    button.click();
    const early = (window as { __roundupEarlyInput?: () => Event[] }).__roundupEarlyInput!();
    expect(early.map((e) => e.type)).toEqual(['pointerdown', 'click']);
    // It stops keeping events once the loader has taken them.
    fire(button, 'pointerdown');
    expect(early).toHaveLength(2);
    const app = fakeStart();
    const takeover = armTakeover({ doc: document, hasSession: false, start: app.start, early });
    expect(app.calls).toEqual(['interaction']);
    await expectOneClickAfterHydration(app, takeover, button);
  });

  it('does not replay a click React saw itself (after hydration began), nor a native popover toggle', async () => {
    page(
      '<button type="button" id="toggle" popovertarget="menu">Menu</button><div id="menu" popover></div><button type="button" id="late">Late</button>',
    );
    const app = fakeStart();
    const takeover = armTakeover({ doc: document, hasSession: false, start: app.start });
    const toggle = document.getElementById('toggle')!;
    const late = document.getElementById('late')!;
    fire(toggle, 'pointerdown');
    toggle.click();
    app.hydrating();
    late.click();
    const clicks = vi.fn();
    toggle.addEventListener('click', clicks);
    late.addEventListener('click', clicks);
    app.finish();
    await takeover.done;
    expect(clicks).not.toHaveBeenCalled();
  });

  it('gives text typed before the takeover back to the app as input', async () => {
    page('<input id="price" type="number" value="0.40">');
    const app = fakeStart();
    const takeover = armTakeover({ doc: document, hasSession: false, start: app.start });
    const input = document.getElementById('price') as HTMLInputElement;
    fire(input, 'focusin');
    input.value = '0.50';
    fire(input, 'input');
    const seen: string[] = [];
    input.addEventListener('input', () => seen.push(input.value));
    app.hydrating();
    app.finish();
    await takeover.done;
    expect(seen).toEqual(['0.50']);
    expect(input.value).toBe('0.50');
  });

  it('also gives back text typed before the loader ran (no input event seen): it differs from the built value', async () => {
    page('<input id="price" type="number" value="0.40"><input id="ratio" value="10">');
    const price = document.getElementById('price') as HTMLInputElement;
    // Typed while the loader was still on its way.
    price.value = '0.50';
    const app = fakeStart();
    const takeover = armTakeover({ doc: document, hasSession: true, start: app.start });
    const seen: string[] = [];
    document.addEventListener('input', (e) => seen.push((e.target as HTMLInputElement).id));
    app.hydrating();
    app.finish();
    await takeover.done;
    // Only the field the visitor changed.
    expect(seen).toEqual(['price']);
    expect(price.value).toBe('0.50');
  });
});

describe('replayTypedValue', () => {
  it('changes the value the element last had, so a tracker on the element sees a change', () => {
    page('<input id="f" value="0.40">');
    const input = document.getElementById('f') as HTMLInputElement;
    // What React does: it watches writes through the element's own property.
    let tracked = input.value;
    const proto = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    Object.defineProperty(input, 'value', {
      configurable: true,
      get: () => proto.get!.call(input),
      set: (v: string) => {
        tracked = v;
        proto.set!.call(input, v);
      },
    });
    proto.set!.call(input, '0.50'); // the visitor typed (no tracker sees it)
    tracked = '0.50'; // hydration then tracked the typed text as current
    const changes: string[] = [];
    input.addEventListener('input', () => {
      if (input.value !== tracked) changes.push(input.value);
    });
    replayTypedValue(input, '0.50');
    expect(changes).toEqual(['0.50']);
    expect(input.value).toBe('0.50');
  });
});
