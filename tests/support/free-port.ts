import { createServer } from 'node:net';

/**
 * A port nothing listens on or connects from right now, chosen by the system.
 * For servers a test starts in the middle of a run, beside the stack's fixed
 * ports (which sit below Linux's ephemeral range, so no outgoing connection
 * ever holds one): a port the system just handed out is free now.
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
