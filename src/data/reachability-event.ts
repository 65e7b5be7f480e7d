/**
 * Sent on the window when Accord's reachability changes (data/reachability.ts):
 * the layout loads its banner only then, so a page that never loses Accord
 * fetches none of it.
 */
export const REACHABILITY_EVENT = 'accord:reachability';
