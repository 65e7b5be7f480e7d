import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthSettings, DevKeys } from '../config.ts';
import { ensureCodeAttemptsTable } from './code-attempts.ts';
import { ensureTotpGuardTables } from './totp-guards.ts';
import { EXTRAS_DEFAULTS, type AuthContext, type AuthSettingsExtras } from './context.ts';
import { connect } from './db.ts';
import { API_VERSION_HEADER, ApiError, errorResponse, OAuthError } from './errors.ts';
import { clientIp, parseJsonBody, readRawBody, type ApiRequest, type Reply } from './http.ts';
import { createJwtService } from './jwt.ts';
import { createMailer } from './mailer.ts';
import { HourlyEmailLimit, RateLimiter } from './rate-limit.ts';
import { MethodNotAllowed, Router } from './router.ts';
import { allRoutes } from './routes.ts';
import { linkTokenKey } from './secrets.ts';
import { SessionService } from './sessions.ts';
import { httpService, type Supervisable } from '../supervisor.ts';

/**
 * The local stand-in for Supabase Auth (GoTrue): the HTTP API supabase-js and
 * the app use, backed by the real auth.* tables, sending its e-mails to the
 * local mail catcher. It sits behind the gateway at /auth/v1.
 */
export interface AuthOptions {
  port: number;
  /** As supabase_auth_admin, the owner of the auth schema. */
  dbUrl: string;
  keys: DevKeys;
  /** config.toml's [auth] settings; the extras default to what config.toml sets. */
  settings: AuthSettings & Partial<AuthSettingsExtras>;
  /** The public URL of this service (e.g. http://localhost:54321/auth/v1): e-mail links and the JWT `iss`. */
  apiExternalUrl: string;
  smtp: { host: string; port: number };
  sender: { email: string; name: string };
  log: (message: string) => void;
}

export interface RunningAuth extends Supervisable {
  /** The port actually listened on (useful with `port: 0`). */
  port: number;
  url: string;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function write(res: http.ServerResponse, reply: Reply): void {
  if (reply.kind === 'redirect') {
    res.writeHead(reply.status ?? 303, { Location: reply.location });
    res.end();
  } else if (reply.kind === 'empty') {
    res.writeHead(reply.status);
    res.end();
  } else {
    const body = JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      ...reply.headers,
    });
    res.end(body);
  }
}

export async function startAuth(options: AuthOptions): Promise<RunningAuth> {
  const settings = { ...EXTRAS_DEFAULTS, ...options.settings };
  const { log } = options;
  const apiExternalUrl = options.apiExternalUrl.replace(/\/+$/, '');
  const db = connect(options.dbUrl, log);
  try {
    await ensureCodeAttemptsTable(db);
    await ensureTotpGuardTables(db);
  } catch (error) {
    await db.end().catch(() => undefined);
    throw new Error(`Auth could not prepare its tables: ${(error as Error).message}`);
  }
  const jwt = await createJwtService(options.keys, apiExternalUrl, settings.jwtExpirySeconds);
  const ctx: AuthContext = {
    settings,
    keys: options.keys,
    apiExternalUrl,
    linkTokenKey: linkTokenKey(options.keys.privateJwk),
    db,
    jwt,
    sessions: new SessionService(jwt, settings.jwtExpirySeconds, {
      enabled: settings.refreshTokenRotation,
      reuseIntervalSeconds: settings.refreshTokenReuseIntervalSeconds,
    }),
    mailer: createMailer(options.smtp, options.sender),
    redirects: { siteUrl: settings.siteUrl, allowList: settings.additionalRedirectUrls },
    limits: {
      signInSignUps: new RateLimiter(settings.rateLimits.signInSignUps),
      tokenVerifications: new RateLimiter(settings.rateLimits.tokenVerifications),
      tokenRefresh: new RateLimiter(settings.rateLimits.tokenRefresh),
      emailSent: new HourlyEmailLimit(settings.emailSentPerHour),
    },
    log,
  };
  const router = new Router(allRoutes(ctx));

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const apiVersion = req.headers[API_VERSION_HEADER] as string | undefined;
    try {
      const url = new URL(req.url ?? '/', 'http://auth.local');
      const method = req.method ?? 'GET';
      const { handler, params } = router.match(method, url.pathname);
      const raw = BODY_METHODS.has(method) ? await readRawBody(req) : Buffer.alloc(0);
      let parsed: Record<string, unknown> | undefined;
      const apiRequest: ApiRequest = {
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        ip: clientIp(req),
        userAgent: req.headers['user-agent'],
        params,
        body: () => (parsed ??= parseJsonBody(raw)),
        header: (name) => {
          const value = req.headers[name.toLowerCase()];
          return Array.isArray(value) ? value[0] : value;
        },
      };
      write(res, await handler(apiRequest));
    } catch (error) {
      if (!(error instanceof ApiError) && !(error instanceof OAuthError)) {
        log(`auth: ${req.method} ${req.url} failed: ${(error as Error)?.stack ?? String(error)}`);
      } else if (error instanceof ApiError && error.status >= 500) {
        log(`auth: ${req.method} ${req.url}: ${error.message}`);
      }
      const { status, headers, body } = errorResponse(error, apiVersion);
      if (error instanceof MethodNotAllowed) headers.Allow = error.allowed.join(', ');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      write(res, { kind: 'json', status, body, headers });
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`auth: could not answer ${req.method} ${req.url}: ${String(error)}`);
      res.destroy();
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  server.keepAliveTimeout = 5000;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await db.end().catch(() => undefined);
    ctx.mailer.close();
    throw new Error(`Auth could not listen on port ${options.port}: ${(error as Error).message}`);
  }
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    ...httpService(server, async () => {
      ctx.mailer.close();
      await db.end();
    }),
  };
}
