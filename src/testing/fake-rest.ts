import { vi } from 'vitest';

/**
 * A stand-in for PostgREST behind `fetch`, for tests of code that reads
 * through src/data/public-api.ts: each request's table and query are recorded,
 * and the first matching route answers. Set VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY with `vi.stubEnv` before the first request.
 */
export const FAKE_API_URL = 'http://api.test';

export interface RecordedRequest {
  table: string;
  params: URLSearchParams;
}

export type Route = (request: RecordedRequest) => Response | Promise<Response> | undefined;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function stubPublicApi() {
  vi.stubEnv('VITE_SUPABASE_URL', FAKE_API_URL);
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'anon-key');
}

export function fakeRest(...routes: Route[]) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const table = url.pathname.replace(/^\/rest\/v1\//, '');
    const request = { table, params: url.searchParams };
    requests.push(request);
    for (const route of routes) {
      const response = await route(request);
      if (response) return response;
    }
    return jsonResponse({ message: `No fake answer for ${table}?${url.searchParams}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
