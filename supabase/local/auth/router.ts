import { ApiError } from './errors.ts';
import type { ApiRequest, Reply } from './http.ts';

export type Handler = (req: ApiRequest) => Promise<Reply>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  method: Method;
  /** A path with `:name` segments, e.g. `/admin/users/:id`. */
  path: string;
  handler: Handler;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
}

export interface Match {
  handler: Handler;
  params: Record<string, string>;
}

/** A path → handler table: 404 for unknown paths, 405 (with Allow) for a known path and a wrong method. */
export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: Route[]) {
    this.routes = routes.map((route) => {
      const names: string[] = [];
      const source = route.path
        .split('/')
        .map((segment) => {
          if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(segment.slice(1));
          return '([^/]+)';
        })
        .join('/');
      return { ...route, names, pattern: new RegExp(`^${source}/?$`) };
    });
  }

  match(method: string, path: string): Match {
    const candidates = this.routes
      .map((route) => ({ route, found: route.pattern.exec(path) }))
      .filter((c): c is { route: CompiledRoute; found: RegExpExecArray } => c.found !== null);
    if (candidates.length === 0) throw new ApiError(404, 'not_found', 'Not Found');
    const hit = candidates.find((c) => c.route.method === method);
    if (!hit) {
      const allowed = [...new Set(candidates.map((c) => c.route.method))];
      throw new MethodNotAllowed(allowed);
    }
    const params: Record<string, string> = {};
    hit.route.names.forEach((name, i) => {
      params[name] = safeDecode(hit.found[i + 1]);
    });
    return { handler: hit.route.handler, params };
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError(404, 'not_found', 'Not Found');
  }
}

export class MethodNotAllowed extends ApiError {
  constructor(readonly allowed: string[]) {
    super(405, 'method_not_allowed', 'Method Not Allowed');
  }
}
