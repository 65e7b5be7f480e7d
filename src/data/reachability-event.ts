/**
 * Sent on the window when Accord's reachability changes (data/reachability.ts):
 * the layout's banner is a chunk of its own, and a change it sees before that
 * chunk has arrived makes it try to fetch it again.
 */
export const REACHABILITY_EVENT = 'accord:reachability';
