import { createServer } from 'node:net';

/**
 * A port nothing listens on or connects from right now, chosen by the system.
 * For servers a test starts in the middle of a run: a fixed port there can be
 * taken by one of the run's own outgoing connections (the test ports sit in
 * Linux's ephemeral range, 32768–60999), and listening on it then fails with
 * EADDRINUSE.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
