/* global document, window */
/**
 * The first script of a page rendered at build, a classic script in its <head> (vite.config.ts puts it
 * there; docs/decisions/016-landing-javascript.md). The loader (boot.ts) is a module, so it runs after the
 * page has been parsed and can already be used: a tap or typed text in that gap had no listener. This
 * keeps those events until the loader takes them (`window.__roundupEarlyInput()` stops and hands them over).
 * Plain ES2015, no imports, a few hundred bytes: it runs before the first paint.
 */
(function (doc) {
  var types = ['click', 'input', 'keydown', 'pointerdown', 'touchstart', 'focusin'];
  var kept = [];
  var keep = function (event) {
    kept.push(event);
  };
  types.forEach(function (type) {
    doc.addEventListener(type, keep, { capture: true, passive: true });
  });
  window.__roundupEarlyInput = function () {
    types.forEach(function (type) {
      doc.removeEventListener(type, keep, { capture: true });
    });
    window.__roundupEarlyInput = undefined;
    return kept;
  };
})(document);
