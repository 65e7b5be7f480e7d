/**
 * Answers every Edge Function gives the browser. On hosted Supabase a function
 * answers its own CORS preflight (the gateway does not), so the headers live
 * here; locally the gateway adds the same ones.
 */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export function preflight(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}

/** Every answer, success or failure, is JSON: `{ error, message }` when something is refused. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });
}

export function failure(status: number, error: string, message: string): Response {
  return json({ error, message }, status);
}

/**
 * The database's refusal for a session below aal2 of someone with a verified
 * factor (42501 aal2_required, docs/decisions/043-aal2-in-the-database.md):
 * passed on by name, so the app asks for the code instead of saying "not allowed".
 */
export function aal2Refusal(error: { code?: string; message?: string }, action: string): Response | null {
  if (error.code !== '42501' || error.message !== 'aal2_required') return null;
  return failure(403, 'aal2_required', `Enter the code from your authenticator app to ${action}.`);
}

/** RFC 6266: a plain fallback name and the exact one in UTF-8, for a file a function answers with. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
