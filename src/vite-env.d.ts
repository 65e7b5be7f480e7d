/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Backend gateway URL, e.g. http://localhost:54321 for the local stack. */
  readonly VITE_SUPABASE_URL?: string;
  /** Public anon key of that backend (printed by `npm start` locally). */
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
