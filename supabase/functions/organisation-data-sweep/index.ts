/**
 * POST /functions/v1/organisation-data-sweep   (body ignored; service role only)
 *
 * The scheduled half of decision 076: carries out erasures whose 7-day grace
 * period has ended (run_due_erasures, which appends each to the erasure
 * ledger), then removes through the Storage API the stored files of every
 * erased organisation still present (erased_organisation_files: also after a
 * restore and the ledger's replay; invoices stay under legal hold) and the
 * export archives older than 7 days (expired_organisation_exports).
 *
 * Who runs it: on hosted Supabase a pg_cron job through pg_net; locally the
 * stack every minute (supabase/local/notification-schedule.ts). The RPCs run
 * AS THE CALLER and only service_role may execute them, so a person's token is
 * refused by the database (403 here).
 *
 * Answers (JSON): 200 { erased, filesRemoved, archivesRemoved }; 401
 * not_authenticated, 403 forbidden, 405 method_not_allowed, 500 internal.
 */
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';

import { bearerToken, callerClient } from '../_shared/caller.ts';
import { failure, json, preflight } from '../_shared/http.ts';

const ONLY = 'Only the schedule may sweep organisations’ data.';
/** Storage removes at most 1,000 objects per request. */
const BATCH = 1000;

async function removeAll(client: SupabaseClient, objects: { bucket_id: string; name: string }[]): Promise<number> {
  const byBucket = new Map<string, string[]>();
  for (const { bucket_id, name } of objects) byBucket.set(bucket_id, [...(byBucket.get(bucket_id) ?? []), name]);
  let removed = 0;
  for (const [bucket, names] of byBucket) {
    for (let i = 0; i < names.length; i += BATCH) {
      const { data, error } = await client.storage.from(bucket).remove(names.slice(i, i + BATCH));
      if (error) throw new Error(`Removing from ${bucket} failed: ${error.message}`);
      removed += data.length;
    }
  }
  return removed;
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', 'Send a POST request.');
  const jwt = bearerToken(req);
  if (!jwt) return failure(401, 'not_authenticated', ONLY);

  const caller = callerClient(jwt);
  const erased = await caller.rpc('run_due_erasures', {});
  if (erased.error) {
    if (erased.error.code === '42501') return failure(403, 'forbidden', ONLY);
    if (erased.error.code?.startsWith('PGRST30')) return failure(401, 'not_authenticated', ONLY);
    throw new Error(`run_due_erasures failed: ${erased.error.message}`);
  }
  const files = await caller.rpc('erased_organisation_files', {});
  if (files.error) throw new Error(`erased_organisation_files failed: ${files.error.message}`);
  const archives = await caller.rpc('expired_organisation_exports', {});
  if (archives.error) throw new Error(`expired_organisation_exports failed: ${archives.error.message}`);

  const filesRemoved = await removeAll(caller, files.data as { bucket_id: string; name: string }[]);
  const archivesRemoved = await removeAll(
    caller,
    (archives.data as { name: string }[]).map(({ name }) => ({ bucket_id: 'organisation_exports', name })),
  );
  return json({ erased: erased.data as number, filesRemoved, archivesRemoved });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('organisation-data-sweep failed:', error);
    return failure(500, 'internal', 'The sweep could not finish; the next run tries again.');
  }
});
