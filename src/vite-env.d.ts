/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Backend gateway URL, e.g. http://localhost:54321 for the local stack. */
  readonly VITE_SUPABASE_URL?: string;
  /** Public anon key of that backend (printed by `npm start` locally). */
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** What each external sign-in provider is called on its button: `keycloak=Acme sign-in;github=GitHub` (decision 042). */
  readonly VITE_AUTH_PROVIDER_LABELS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The migration versions this build expects, from supabase/migrations' file names (vite.config.ts `define`). */
declare const __ACCORD_MIGRATION_VERSIONS__: string[];
