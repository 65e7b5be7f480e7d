/** Said on both investor pages, so they never promise different things. */
export const REVIEW_TIME = 'three business days';

/** Where an investor signs in: the member login, which returns them to their dashboard. */
export const INVESTOR_SIGN_IN_PATH = `/login?next=${encodeURIComponent('/investor/dashboard')}`;
