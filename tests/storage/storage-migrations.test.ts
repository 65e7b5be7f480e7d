import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../supabase/local/config.ts';
import { sql } from '../support/users.ts';

/**
 * The buckets and policies come from migrations that must also apply on hosted
 * Supabase, where migrations run as `postgres`, which does not own the storage
 * schema: it may insert buckets and create policies and triggers on
 * storage.objects (Storage grants it every privilege there, TRIGGER included),
 * but not alter Supabase's storage tables or comment on their policies or
 * triggers (locally migrations run as a superuser, so only these checks would
 * notice).
 */
const migrations = readdirSync(join(ROOT_DIR, 'supabase/migrations'))
  .filter((f) => f.endsWith('.sql'))
  .map((f) => ({ file: f, text: readFileSync(join(ROOT_DIR, 'supabase/migrations', f), 'utf8') }));

/** SQL without `--` comments, so prose about what is not done is not mistaken for doing it. */
const code = (text: string) => text.replace(/--.*$/gm, '');

describe('storage migrations', () => {
  it('never alter, create or comment on what Supabase Storage owns (triggers on its tables are fine: postgres holds TRIGGER there)', () => {
    const offending = migrations.flatMap(({ file, text }) =>
      [
        /\bcomment\s+on\s+(policy|trigger)\s+("[^"]*"|\w+)\s+on\s+storage\./gi,
        /\balter\s+table\s+(if\s+exists\s+)?storage\./gi,
        /\bcreate\s+(table|function|or\s+replace\s+function|schema)\s+(if\s+not\s+exists\s+)?storage\b/gi,
        /\bcreate\s+(or\s+replace\s+)?function\s+storage\./gi,
      ].flatMap((re) => [...code(text).matchAll(re)].map((m) => `${file}: ${m[0]}`)),
    );
    expect(offending).toEqual([]);
  });

  it('create the two buckets with their limits', async () => {
    const rows = await sql(
      `select id, public, file_size_limit::int as file_size_limit, allowed_mime_types
         from storage.buckets where id in ('application_documents', 'brand_assets') order by id`,
    );
    expect(rows).toEqual([
      {
        id: 'application_documents',
        public: false,
        file_size_limit: 10 * 1024 * 1024,
        allowed_mime_types: ['application/pdf', 'image/png', 'image/jpeg'],
      },
      { id: 'brand_assets', public: true, file_size_limit: 1024 * 1024, allowed_mime_types: ['image/png', 'image/jpeg'] },
    ]);
  });

  it('give storage.objects one policy per role and action, none for visitors', async () => {
    const rows = await sql<{ cmd: string; roles: string[] }>(
      `select cmd, roles::text[] as roles from pg_policies
        where schemaname = 'storage' and tablename = 'objects' and permissive = 'PERMISSIVE' order by cmd`,
    );
    expect(rows).toEqual([
      { cmd: 'DELETE', roles: ['authenticated'] },
      { cmd: 'INSERT', roles: ['authenticated'] },
      { cmd: 'SELECT', roles: ['authenticated'] },
      { cmd: 'UPDATE', roles: ['authenticated'] },
    ]);
  });

  it('refuse every action on storage.objects once the caller’s session has ended (20261124000200_ended-sessions.sql)', async () => {
    const rows = await sql<{ cmd: string; roles: string[] }>(
      `select cmd, roles::text[] as roles from pg_policies
        where schemaname = 'storage' and tablename = 'objects' and permissive = 'RESTRICTIVE'`,
    );
    expect(rows).toEqual([{ cmd: 'ALL', roles: ['authenticated'] }]);
  });
});
