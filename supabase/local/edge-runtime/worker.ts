/**
 * Runs inside the Web Worker that hosts one Edge Function (see main.ts).
 *
 * A function file calls `Deno.serve(handler)` at top level, as on hosted
 * Supabase, where edge-runtime hands the handler its requests. Here the call
 * is redirected to a server on a free loopback port, whose number is posted
 * back to the main service, which then proxies the function's requests to it.
 * A real server (not a captured handler) keeps Deno.serve's own semantics:
 * streaming bodies, `info.remoteAddr`, `onError`.
 */

type ServeHandler = (request: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => Response | Promise<Response>;

interface ServeOptionsLike {
  handler?: ServeHandler;
  onError?: (error: unknown) => Response | Promise<Response>;
  signal?: AbortSignal;
}

interface BootMessage {
  entry: string;
}

declare const self: Worker & { postMessage(message: unknown): void };

const realServe = Deno.serve.bind(Deno) as (options: Deno.ServeTcpOptions, handler: ServeHandler) => Deno.HttpServer<Deno.NetAddr>;
let served = false;

function redirectedServe(...args: unknown[]): Deno.HttpServer<Deno.NetAddr> {
  // Deno.serve(handler) | Deno.serve(options, handler) | Deno.serve({ handler, ... })
  const options = (typeof args[0] === 'function' ? {} : (args[0] ?? {})) as ServeOptionsLike;
  const handler = (typeof args[0] === 'function' ? args[0] : (args[1] ?? options.handler)) as ServeHandler | undefined;
  if (typeof handler !== 'function') throw new TypeError('Deno.serve needs a handler function');
  if (served) throw new Error('An Edge Function may call Deno.serve only once');
  served = true;
  return realServe(
    {
      hostname: '127.0.0.1',
      port: 0,
      signal: options.signal,
      onError: options.onError,
      onListen: ({ port }) => self.postMessage({ type: 'listening', port }),
    },
    handler,
  );
}

// Deno.serve is a configurable accessor on the Deno namespace; redefine it for this worker only.
Object.defineProperty(Deno, 'serve', { configurable: true, writable: true, value: redirectedServe });

// The one edge-runtime global functions commonly use: background work after the response.
Object.defineProperty(globalThis, 'EdgeRuntime', {
  configurable: true,
  value: {
    waitUntil(promise: Promise<unknown>) {
      promise.catch((error) => console.error('EdgeRuntime.waitUntil:', error));
    },
  },
});

self.onmessage = async (event: MessageEvent<BootMessage>) => {
  // An import error propagates to the main service's `onerror` as a boot failure.
  await import(event.data.entry);
  if (!served) self.postMessage({ type: 'noServe' });
};
