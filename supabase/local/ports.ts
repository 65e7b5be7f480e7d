import net from 'node:net';

/**
 * Whether a server could listen on 127.0.0.1:`port` now. Unlike a connect
 * test, this also sees a port held by a connection that is not listening: an
 * outgoing connection the kernel gave that port as its source, or one closing
 * in TIME-WAIT (up to 60 s on Linux). The dev profile keeps Supabase CLI's
 * ports (54321…), which lie in Linux's ephemeral range, so after a test run
 * or a bench one of them can be held that way, and Postgres then refuses to
 * start with "Address already in use".
 */
export function portBindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * Waits until every port in `ports` can be listened on, at most `limitMs`
 * (TIME-WAIT's 60 s and a little more by default). Says once what it waits
 * for. Resolves with the ports still held at the end ([] when all are free).
 */
export async function waitUntilBindable(
  ports: Record<string, number>,
  { limitMs = 65_000, pollMs = 500, log = (m: string) => console.log(m) }: { limitMs?: number; pollMs?: number; log?: (m: string) => void } = {},
): Promise<string[]> {
  const deadline = Date.now() + limitMs;
  let told = false;
  for (;;) {
    const held: string[] = [];
    for (const [name, port] of Object.entries(ports)) if (!(await portBindable(port))) held.push(`${name} (${port})`);
    if (held.length === 0 || Date.now() >= deadline) return held;
    if (!told) {
      log(`Waiting for ${held.join(', ')}: held by a connection that is closing, free within a minute.`);
      told = true;
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
