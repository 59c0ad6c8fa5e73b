/**
 * Hydration on intent (docs/decisions/025-hydrate-on-intent.md). Every page works without
 * JavaScript, so a first load needs none: the server renders React Router's module script and
 * module preloads inert (these two types mean nothing to a browser), and the small classic
 * script below makes them live at the broker's first sign of use — a pointer moving over the page, a
 * touch, a key, a focus, a wheel. Until then a link or a form is plain HTML and works as such.
 */
export const DEFERRED_MODULE_TYPE = 'bv-deferred-module'
export const DEFERRED_PRELOAD_REL = 'bv-deferred-modulepreload'

/** What counts as intent. Touch and wheel cover a first scroll on phones and on desktops. */
export const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const

/**
 * The bootstrap, inlined after React Router's scripts. It swaps each inert element for a live
 * one in place, so the document React hydrates is the one it rendered; the preloads first, so
 * the module graph is fetched in parallel rather than import by import.
 */
export const HYDRATE_ON_INTENT_SCRIPT = `(function(){var e=${JSON.stringify(INTENT_EVENTS)};function h(){e.forEach(function(t){removeEventListener(t,h,true)});document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(l){l.rel="modulepreload"});document.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]').forEach(function(d){var s=document.createElement("script");s.type="module";s.async=true;s.nonce=d.nonce;s.textContent=d.textContent;d.replaceWith(s)})}e.forEach(function(t){addEventListener(t,h,{capture:true,passive:true})})})()`
