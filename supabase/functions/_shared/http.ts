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
