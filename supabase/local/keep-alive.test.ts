import http from 'node:http';
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

import { ADVERTISED_KEEP_ALIVE_S, IDLE_CONNECTION_MS, keepAliveWithoutRace } from './keep-alive.ts';

/** Deno's fetch keeps idle pooled connections this long (reqwest's default), ignoring Keep-Alive hints. */
const DENO_POOL_IDLE_MS = 90_000;

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** The raw response head, as a client reads it. */
async function responseHead(port: number): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write('POST / HTTP/1.1\r\nHost: local\r\nContent-Length: 0\r\n\r\n');
  let head = '';
  for await (const chunk of socket) {
    head += String(chunk);
    if (head.includes('\r\n\r\n')) break;
  }
  socket.destroy();
  return head.split('\r\n\r\n')[0]!;
}

describe('keep-alive without the close race', () => {
  it('advertises 5 s, once, and keeps an idle connection longer than any client’s pool', async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
    keepAliveWithoutRace(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const head = await responseHead((server.address() as AddressInfo).port);
    expect(head.match(/^keep-alive:.*$/gim)).toEqual([`Keep-Alive: timeout=${ADVERTISED_KEEP_ALIVE_S}`]);
    expect(head).toMatch(/^connection: keep-alive$/im);
    expect(server.keepAliveTimeout).toBe(IDLE_CONNECTION_MS);
    expect(IDLE_CONNECTION_MS).toBeGreaterThan(DENO_POOL_IDLE_MS);
    expect(ADVERTISED_KEEP_ALIVE_S * 1000).toBeLessThan(IDLE_CONNECTION_MS);
  });
});
