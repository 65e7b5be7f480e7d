import type { AccordClient } from './client';

/**
 * The backend client, fetched with supabase-js on first use rather than with
 * the page: the sign-in screens draw, and are prerendered, without it, and a
 * visitor downloads it only on asking for a link (issue 29). The same module,
 * so the same client, as every static import of `./client`.
 */
export function loadClient(): Promise<AccordClient> {
  return import('./client').then((module) => module.supabase);
}
