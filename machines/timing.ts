// The specification's numbers (spec §9), named once. Machines use them as named
// delays so tests can assert them and fake timers can jump them; the app's data
// layer reads the query defaults from here too.

/** If nothing else has happened on the sign-in callback, go to /dashboard after this long. */
export const FALLBACK_REDIRECT_MS = 5000;

/** After an admin invitation succeeds (or the user is already an admin), redirect after this long. */
export const INVITATION_SUCCESS_REDIRECT_MS = 2000;

/** The organisation query retries this many times… */
export const ORG_QUERY_RETRIES = 3;
/** …waiting this long between attempts. */
export const ORG_QUERY_RETRY_DELAY_MS = 1000;

/** Global data query default: data younger than this is fresh and not fetched again. */
export const QUERY_STALE_MS = 5 * 60 * 1000;
/** Global data query default: data nobody has used for this long is dropped from the cache. */
export const QUERY_CACHE_MS = 10 * 60 * 1000;
/** Global data query default: a failed query is retried once. */
export const QUERY_RETRIES = 1;
