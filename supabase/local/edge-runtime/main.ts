/**
 * The local Edge Functions runtime: the part Supabase's edge-runtime "main
 * service" plays (supabase/cli, internal/functions/serve/templates/main.ts).
 *
 * One Deno process, one HTTP server. The gateway forwards `/functions/v1/<name>/…`
 * here with the prefix stripped; this server checks the caller's JWT when the
 * function has verify_jwt on (the default, as on hosted Supabase), then hands the
 * request to `supabase/functions/<name>/index.ts`, running in a Web Worker of its
 * own — as edge-runtime gives each function its own isolate: own module graph,
 * own globals, a crash that takes down one function and not the others.
 *
 * Workers are started on first request and kept; any change under
 * supabase/functions/ discards them, so the next request runs the new code.
 */

const PORT = Number(Deno.env.get('ACCORD_FUNCTIONS_PORT'));
const FUNCTIONS_DIR = Deno.env.get('ACCORD_FUNCTIONS_DIR') ?? '';
const VERIFY_JWT = JSON.parse(Deno.env.get('ACCORD_FUNCTIONS_VERIFY_JWT') ?? '{}') as Record<string, boolean>;
const JWKS = JSON.parse(Deno.env.get('ACCORD_JWKS') ?? '{"keys":[]}') as { keys: (JsonWebKey & { kid?: string })[] };
// Functions read their environment with Deno.env, which is process-wide: the
// runtime's own settings are removed so they do not leak into functions
// (edge-runtime likewise drops SUPABASE_INTERNAL_*).
for (const name of Object.keys(Deno.env.toObject())) {
  if (name.startsWith('ACCORD_FUNCTIONS_') || name === 'ACCORD_JWKS') Deno.env.delete(name);
}

/** What `supabase functions deploy` accepts as a function name (FuncSlugPattern); `_shared` is not one. */
const SLUG = /^[A-Za-z][A-Za-z0-9_-]*$/;
const BOOT_TIMEOUT_MS = 15_000;

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

// ---------------------------------------------------------------------------
// verify_jwt: the Authorization header must carry a JWT signed by the auth service.
// ---------------------------------------------------------------------------
const keyCache = new Map<string, Promise<CryptoKey>>();

function importKey(jwk: JsonWebKey & { kid?: string }): Promise<CryptoKey> {
  const id = jwk.kid ?? JSON.stringify(jwk);
  let key = keyCache.get(id);
  if (!key) {
    const { kty, crv, x, y } = jwk;
    key = crypto.subtle.importKey('jwk', { kty, crv, x, y }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    keyCache.set(id, key);
  }
  return key;
}

function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Why the token is refused, or null when it is a valid, unexpired ES256 JWT from the auth service. */
async function jwtProblem(authorization: string | null): Promise<string | null> {
  if (!authorization) return 'Missing authorization header';
  const [scheme, token] = authorization.split(' ');
  if (scheme !== 'Bearer' || !token) return "Auth header is not 'Bearer {token}'";
  const parts = token.split('.');
  if (parts.length !== 3) return 'Invalid JWT';
  try {
    const header = JSON.parse(new TextDecoder().decode(base64UrlDecode(parts[0]))) as { alg?: string; kid?: string };
    const payload = JSON.parse(new TextDecoder().decode(base64UrlDecode(parts[1]))) as { exp?: number };
    const jwk = JWKS.keys.find((k) => k.kid === header.kid) ?? (JWKS.keys.length === 1 ? JWKS.keys[0] : undefined);
    if (header.alg !== 'ES256' || !jwk) return 'Invalid JWT';
    const valid = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      await importKey(jwk),
      base64UrlDecode(parts[2]),
      new TextEncoder().encode(`${parts[0]}.${parts[1]}`),
    );
    if (!valid) return 'Invalid JWT';
    if (typeof payload.exp === 'number' && payload.exp * 1000 <= Date.now()) return 'JWT has expired';
    return null;
  } catch {
    return 'Invalid JWT';
  }
}

// ---------------------------------------------------------------------------
// Workers
// ---------------------------------------------------------------------------
class BootError extends Error {}

interface FunctionWorker {
  worker: Worker;
  port: Promise<number>;
}

const running = new Map<string, FunctionWorker>();

function discard(name: string, fw?: FunctionWorker): void {
  const current = running.get(name);
  if (fw && current !== fw) return;
  running.delete(name);
  current?.worker.terminate();
}

function boot(name: string, entry: string): FunctionWorker {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name });
  // The record exists before its port is known, so the handlers below can tell it apart from a newer one.
  const fw: FunctionWorker = { worker, port: Promise.resolve(0) };
  fw.port = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new BootError(`${name} did not call Deno.serve within ${BOOT_TIMEOUT_MS / 1000} s`));
      discard(name, fw);
    }, BOOT_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<{ type: string; port?: number }>) => {
      if (event.data.type === 'listening' && event.data.port) {
        clearTimeout(timer);
        resolve(event.data.port);
      } else if (event.data.type === 'noServe') {
        clearTimeout(timer);
        reject(new BootError(`${name}/index.ts finished loading without calling Deno.serve`));
        discard(name, fw);
      }
    };
    worker.onerror = (event: ErrorEvent) => {
      // Handled here: an uncaught error in one function must not end the runtime.
      event.preventDefault();
      console.error(`[${name}] ${event.message}`);
      clearTimeout(timer);
      reject(new BootError(event.message));
      discard(name, fw);
    };
  });
  // A rejected boot is reported to the request that waits for it; nobody else needs it.
  fw.port.catch(() => undefined);
  running.set(name, fw);
  worker.postMessage({ entry });
  return fw;
}

async function entryOf(name: string): Promise<string | null> {
  if (!SLUG.test(name)) return null;
  const path = `${FUNCTIONS_DIR}/${name}/index.ts`;
  try {
    return (await Deno.stat(path)).isFile ? new URL(`file://${path}`).href : null;
  } catch {
    return null;
  }
}

// Connections to the workers' servers: an idle one is dropped after 4 s, well before a
// server would close it, so a request never goes out on a connection being closed
// (Deno's fetch otherwise keeps idle connections 90 s; see supabase/local/keep-alive.ts).
// A request lost that way was taken for a crashed worker, and the worker discarded.
const toWorkers = Deno.createHttpClient({ poolIdleTimeout: 4_000 });

async function forward(name: string, fw: FunctionWorker, req: Request, url: URL): Promise<Response> {
  const port = await fw.port;
  const upstream = await fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, {
    method: req.method,
    headers: req.headers,
    body: req.body,
    redirect: 'manual',
    client: toWorkers,
  });
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: upstream.headers });
}

async function handle(req: Request): Promise<Response> {
  const url = new URL(req.url);
  if (url.pathname === '/_internal/health') return json({ message: 'ok' }, 200);

  const name = url.pathname.split('/')[1] ?? '';
  const entry = await entryOf(name);
  if (!entry) return new Response('Function not found', { status: 404, headers: { 'content-type': 'text/plain' } });

  if (req.method !== 'OPTIONS' && VERIFY_JWT[name] !== false) {
    const problem = await jwtProblem(req.headers.get('authorization'));
    if (problem) return json({ msg: problem }, 401);
  }

  const fw = running.get(name) ?? boot(name, entry);
  try {
    return await forward(name, fw, req, url);
  } catch (error) {
    if (error instanceof BootError) {
      return json({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' }, 503);
    }
    // The worker's server is gone (crashed, terminated by a reload): start afresh next time.
    console.error(`[${name}]`, error);
    discard(name, fw);
    return json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
  }
}

async function discardOnChange(): Promise<void> {
  let pending: ReturnType<typeof setTimeout> | undefined;
  try {
    for await (const _event of Deno.watchFs(FUNCTIONS_DIR, { recursive: true })) {
      clearTimeout(pending);
      pending = setTimeout(() => {
        for (const name of [...running.keys()]) discard(name);
      }, 100);
    }
  } catch (error) {
    console.error('Not watching supabase/functions for changes:', error);
  }
}

/** The parent (supabase/local/functions.ts) holds our stdin open; when it is gone, so are we. */
async function exitWithParent(): Promise<void> {
  try {
    for await (const _chunk of Deno.stdin.readable) {
      // Nothing is ever sent: we only wait for the end of the stream.
    }
  } finally {
    Deno.exit(0);
  }
}

Deno.serve({ hostname: '127.0.0.1', port: PORT, onListen: () => undefined }, handle);
void discardOnChange();
void exitWithParent();

// Start the functions named on the command line now, so their first request
// does not pay for loading their modules.
for (const name of Deno.args) {
  const entry = await entryOf(name);
  if (entry && !running.has(name)) boot(name, entry);
}
