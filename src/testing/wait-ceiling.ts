/**
 * How long any test waits for something a person would see before it calls
 * it missing: Testing Library's waits (src/testing/setup-dom.ts) and
 * `expect.poll` (vite.config.ts). CI runs on a loaded 2-core machine where a
 * page can take 3 s; the libraries' 1 s defaults turned a slow run red. A wait
 * ends as soon as its condition holds, so only a real fault pays the ceiling.
 */
export const WAIT_CEILING_MS = 15_000;
