import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { portBindable, waitUntilBindable } from './ports.ts';

function listening(): Promise<net.Server & { port: number }> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen({ port: 0, host: '127.0.0.1' }, () => resolve(Object.assign(server, { port: (server.address() as net.AddressInfo).port })));
  });
}
const closed = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('ports', () => {
  it('a port another socket holds is not bindable; once it is let go, it is', async () => {
    const holder = await listening();
    expect(await portBindable(holder.port)).toBe(false);
    await closed(holder);
    expect(await portBindable(holder.port)).toBe(true);
  });

  it('a port held by an outgoing connection (not listening) is not bindable either', async () => {
    const server = await listening();
    const client = net.connect({ port: server.port, host: '127.0.0.1' });
    await new Promise((r) => client.once('connect', r));
    expect(await portBindable(client.localPort!)).toBe(false);
    client.destroy();
    await closed(server);
  });

  it('waits for a held port and says once what it waits for; gives up at the limit with what is still held', async () => {
    const holder = await listening();
    const said: string[] = [];
    setTimeout(() => void closed(holder), 300);
    expect(await waitUntilBindable({ db: holder.port }, { pollMs: 50, limitMs: 30_000, log: (m) => said.push(m) })).toEqual([]);
    expect(said).toEqual([`Waiting for db (${holder.port}): held by a connection that is closing, free within a minute.`]);

    const kept = await listening();
    expect(await waitUntilBindable({ db: kept.port }, { pollMs: 20, limitMs: 100, log: () => undefined })).toEqual([`db (${kept.port})`]);
    await closed(kept);
  });
});
