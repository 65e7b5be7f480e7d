import type http from 'node:http';

/**
 * Keep-alive without the close race, for the stack's HTTP servers that
 * clients reach over pooled connections (the gateway, the local Stripe).
 *
 * A server that closes an idle connection at the very moment a client sends
 * its next request on it leaves that request with no answer at all: the
 * client sees the connection closed ("other side closed", ECONNRESET) and a
 * POST is not retried. Node's default (close after 5 s idle, advertise
 * `Keep-Alive: timeout=5`) invites exactly that: undici drops its idle sockets
 * after the hint less one second on a timer that runs up to a second late, and
 * Deno's fetch ignores the hint and keeps idle connections for 90 s. Under
 * load, two of 6,000 concurrent webhook deliveries got no answer this way.
 *
 * So a server advertises a short idle time (5 s, what clients go by) and
 * keeps idle connections far longer (2 min, above every client's own pool
 * timeout): whoever closes an idle connection is the client, which never
 * sends on a connection it closed.
 */
export const ADVERTISED_KEEP_ALIVE_S = 5;
export const IDLE_CONNECTION_MS = 120_000;

export function keepAliveWithoutRace(server: http.Server): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  // Node would advertise its keepAliveTimeout; a Keep-Alive header of the handler's own replaces it.
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.setHeader('Keep-Alive', `timeout=${ADVERTISED_KEEP_ALIVE_S}`);
  });
}
