import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { StackConfig } from './config.ts';
import { keepAliveWithoutRace } from './keep-alive.ts';

/**
 * The one API origin supabase-js talks to, as Kong is on hosted Supabase:
 * `/auth/v1`, `/rest/v1`, `/storage/v1`, `/realtime/v1` and `/functions/v1` proxied to
 * the services with the prefix stripped, CORS answered here, and requests
 * without a project API key refused as Kong refuses them.
 */
export interface GatewayRoute {
  prefix: string;
  port: number;
  /** Paths under the prefix that a browser opens directly, without an apikey header. */
  openPaths?: RegExp[];
}

export interface RunningGateway {
  stop(): Promise<void>;
}

// The tus-* and upload-* headers are the TUS protocol's (Storage's resumable uploads).
const ALLOW_HEADERS =
  'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-supabase-api-version, x-upsert, cache-control, x-retry-count, ' +
  'tus-resumable, upload-length, upload-metadata, upload-offset, upload-defer-length, upload-concat';
const EXPOSE_HEADERS =
  'content-range, range, x-supabase-api-version, content-location, location, retry-after, ' +
  'tus-resumable, tus-version, tus-max-size, tus-extension, upload-offset, upload-length, upload-metadata, upload-expires';

/**
 * An OPTIONS request that is no browser's preflight asks a TUS server what it
 * supports: it goes to Storage, as Kong passes it on.
 */
const TUS_DISCOVERY = /^\/storage\/v1\/upload\/resumable(?:\/|$)/;

function cors(req: http.IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': (req.headers['access-control-request-headers'] as string) || ALLOW_HEADERS,
    'access-control-expose-headers': EXPOSE_HEADERS,
    'access-control-max-age': '3600',
  };
}

/** The socket's peer, an IPv4 client that reached an IPv6 socket (::ffff:a.b.c.d) written as IPv4, as Cloudflare writes it. */
function clientAddress(req: http.IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '';
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string>) {
  res.writeHead(status, { ...headers, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startGateway(config: StackConfig, routes: GatewayRoute[]): Promise<RunningGateway> {
  const validKeys = new Set([config.keys.anonKey, config.keys.serviceRoleKey]);

  const server = http.createServer((req, res) => {
    const corsHeaders = cors(req);
    const isPreflight = !!req.headers['access-control-request-method'];
    if (req.method === 'OPTIONS' && (isPreflight || !TUS_DISCOVERY.test(new URL(req.url ?? '/', 'http://gateway').pathname))) {
      res.writeHead(204, corsHeaders);
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://gateway');
    const route = routes.find((r) => url.pathname === r.prefix || url.pathname.startsWith(`${r.prefix}/`));
    if (!route) {
      sendJson(res, 404, { message: 'no Route matched with those values' }, corsHeaders);
      return;
    }
    const rest = url.pathname.slice(route.prefix.length) || '/';
    const isOpen = route.openPaths?.some((p) => p.test(rest)) ?? false;
    const apikey = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey') ?? undefined;
    if (!isOpen) {
      if (!apikey) {
        sendJson(res, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, corsHeaders);
        return;
      }
      if (!validKeys.has(apikey)) {
        sendJson(res, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, corsHeaders);
        return;
      }
    }
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    // Kong forwards the key as the bearer token when the client sent none.
    if (!headers.authorization && apikey) headers.authorization = `Bearer ${apikey}`;
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
    // As Cloudflare does in front of hosted Supabase: the address that connected,
    // replacing any the client wrote. The database's limits read only this one
    // (private.request_ip(), docs/decisions/026-public-form-limits.md).
    headers['cf-connecting-ip'] = clientAddress(req);
    headers['x-forwarded-host'] = req.headers.host ?? '';
    headers['x-forwarded-prefix'] = route.prefix;
    delete headers.host;

    const upstream = http.request(
      { host: '127.0.0.1', port: route.port, method: req.method, path: rest + url.search, headers },
      (up) => {
        const outHeaders: http.OutgoingHttpHeaders = { ...up.headers, ...corsHeaders };
        res.writeHead(up.statusCode ?? 502, outHeaders);
        up.pipe(res);
        // The service's answer broke off mid-way: end the client's connection at once, as Kong
        // does, rather than leave it waiting for the rest until its own timeout.
        up.on('close', () => {
          if (!up.complete) res.destroy();
        });
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) {
        sendJson(res, 502, { message: `Upstream ${route.prefix} is not reachable: ${error.message}` }, corsHeaders);
      } else {
        res.destroy();
      }
    });
    // A client that went away mid-body (a dropped connection) is gone for the service too, as
    // behind Kong: the service sees its request end there instead of waiting for the rest.
    req.on('close', () => {
      if (!req.complete) upstream.destroy();
    });
    req.pipe(upstream);
  });
  keepAliveWithoutRace(server);

  // Websocket upgrades (Realtime's /realtime/v1/websocket) are proxied as Kong
  // does: the same API key check, then the upgraded connection piped both ways.
  const tunnels = new Set<Duplex>();
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const refuse = (status: string, body: unknown) => {
      const text = JSON.stringify(body);
      socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
    };
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://gateway');
    const route = routes.find((r) => url.pathname.startsWith(`${r.prefix}/`));
    if (!route) return refuse('404 Not Found', { message: 'no Route matched with those values' });
    const apikey = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey') ?? undefined;
    if (!apikey) return refuse('401 Unauthorized', { message: 'No API key found in request' });
    if (!validKeys.has(apikey)) return refuse('401 Unauthorized', { message: 'Invalid API key' });
    const headers: http.OutgoingHttpHeaders = { ...req.headers, 'x-forwarded-for': clientAddress(req), 'cf-connecting-ip': clientAddress(req) };
    delete headers.host;
    const upstream = http.request({ host: '127.0.0.1', port: route.port, method: req.method, path: url.pathname.slice(route.prefix.length) + url.search, headers });
    upstream.on('upgrade', (res, upSocket, upHead) => {
      const lines = [`HTTP/1.1 101 ${res.statusMessage ?? 'Switching Protocols'}`];
      for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upHead.length > 0) socket.write(upHead);
      if (head.length > 0) upSocket.write(head);
      tunnels.add(socket);
      upSocket.on('error', () => socket.destroy());
      socket.on('close', () => {
        tunnels.delete(socket);
        upSocket.destroy();
      });
      upSocket.on('close', () => socket.destroy());
      upSocket.pipe(socket);
      socket.pipe(upSocket);
    });
    // The service refused the upgrade: its answer goes back as it is.
    upstream.on('response', (res) => {
      const lines = [`HTTP/1.1 ${res.statusCode ?? 502} ${res.statusMessage ?? ''}`];
      for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      res.pipe(socket);
    });
    upstream.on('error', (error) => refuse('502 Bad Gateway', { message: `Upstream ${route.prefix} is not reachable: ${error.message}` }));
    upstream.end();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.ports.api, '127.0.0.1', () => resolve());
  });

  return {
    stop: () =>
      new Promise<void>((resolve) => {
        for (const t of tunnels) t.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
