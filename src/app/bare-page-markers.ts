/**
 * The names a prerendered page's own script (scripts/prerender-html.ts), the
 * entry (main.tsx) and bare-page.ts share for a page's forms before the app
 * has started (decision 088). Kept apart so the entry carries only these.
 */

/** A form the app must answer. A search form (`role="search"`) submits as a plain GET without it: a shared search link. */
export const APP_FORM_SELECTOR = 'form:not([role="search"])';

/** Marks the one control pressed before the app started, whose press the app replays. */
export const HELD_PRESS_ATTRIBUTE = 'data-held-press';
