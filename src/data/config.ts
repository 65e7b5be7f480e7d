export interface SupabaseEnv {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_ANON_KEY?: string;
}

export type SupabaseConfig =
  | { ok: true; url: string; anonKey: string }
  | { ok: false; message: string };

const HOW_TO_FIX =
  'Copy .env.example to .env, set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY (npm start prints both for the local stack), then restart the dev server.';

/**
 * The spec requires the backend URL and key to be configured. Reading them in
 * one pure function lets the app show a readable screen instead of a blank page,
 * and lets a test cover every way the configuration can be wrong.
 */
export function readSupabaseConfig(env: SupabaseEnv): SupabaseConfig {
  const url = env.VITE_SUPABASE_URL?.trim() ?? '';
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim() ?? '';
  const missing = [url === '' && 'VITE_SUPABASE_URL', anonKey === '' && 'VITE_SUPABASE_ANON_KEY'].filter(
    (name): name is string => typeof name === 'string',
  );
  if (missing.length > 0) {
    const what = missing.length === 1 ? `${missing[0]} is missing` : `${missing.join(' and ')} are missing`;
    return { ok: false, message: `Accord is not configured: ${what}. ${HOW_TO_FIX}` };
  }
  if (!isHttpUrl(url)) {
    return {
      ok: false,
      message: `Accord is not configured: VITE_SUPABASE_URL must be an http(s) URL such as http://localhost:54321 (it is "${url}"). ${HOW_TO_FIX}`,
    };
  }
  return { ok: true, url, anonKey };
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

const appConfig = readSupabaseConfig(import.meta.env);

/**
 * Why the app cannot talk to its backend, or null when it can. main.tsx renders
 * this on a configuration screen instead of the app. Read here rather than in
 * client.ts so that the shell can ask without loading supabase-js.
 */
export const configError: string | null = appConfig.ok ? null : appConfig.message;

/** The backend's URL, or null when the app is not configured. */
export const supabaseUrl: string | null = appConfig.ok ? appConfig.url : null;
