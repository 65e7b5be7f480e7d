-- Onboarding, storage: the buckets for application documents and brand assets,
-- and who may do what with their objects.
--
-- Every object lives under its organisation's folder: `<organization_id>/<file>`.
-- Access is decided by the RLS policies on storage.objects below, on hosted
-- Supabase by Supabase Storage and locally by its stand-in
-- (supabase/local/storage), which both run the caller's request as the caller's
-- role with their JWT claims.
--
-- Applies unchanged to hosted Supabase, where this runs as `postgres`, which
-- does not own the storage tables:
-- * the storage schema, its tables and functions (storage.foldername…) are
--   Supabase's and are never created, altered or commented on here;
-- * `postgres` may insert buckets and create policies on storage.objects, but
--   not COMMENT ON POLICY there ("must be owner of relation objects"), so each
--   policy is explained by the SQL comment above it instead
--   (tests/storage/storage-migrations.test.ts keeps it that way).
--
-- What hosted Storage requires of the policies (supabase.com/docs/guides/storage):
-- upload needs INSERT; upsert (replace) needs INSERT, SELECT and UPDATE; move
-- needs SELECT and UPDATE; copy needs SELECT and INSERT; remove needs SELECT and
-- DELETE; list, download through the API and creating signed URLs need SELECT.
-- Public buckets are served to anyone at /object/public/… without any policy.
--
-- As in the other migrations, each (role, action) has exactly one permissive
-- policy, and the helpers are the `private` ones from part 1 and 2
-- (member_organization_ids, admin_organization_ids, is_system_admin), called
-- as `(select …)` so they run once per statement.

-- ---------------------------------------------------------------------------
-- Buckets
-- ---------------------------------------------------------------------------
-- Limits are enforced by Storage on upload: 10 MiB (10 485 760 bytes) for
-- documents, 1 MiB (1 048 576 bytes) for logos. `on conflict` so a bucket made
-- by hand in a project's dashboard is brought to these settings, not duplicated.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  -- Proof of registration and other evidence for an application: private.
  ('application_documents', 'application_documents', false, 10485760,
   array['application/pdf', 'image/png', 'image/jpeg']),
  -- Organisation logos shown in the trust registry: public.
  ('brand_assets', 'brand_assets', true, 1048576,
   array['image/png', 'image/jpeg'])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- ---------------------------------------------------------------------------
-- Policies on storage.objects
-- ---------------------------------------------------------------------------
-- Visitors (anon) get no policy at all: they never see application documents,
-- and they read logos only through public URLs, which need none. No listing
-- means nobody can enumerate brand_assets to learn which organisations have
-- applied (the registry only shows approved ones).

-- Members see their organisation's documents and logos (the onboarding
-- documents step lists and re-opens them; replacing a logo needs SELECT); the
-- back office reviews every organisation's documents and sees every logo.
create policy "storage.objects: own organisation's files, all as system admin"
  on storage.objects for select to authenticated
  using (
    bucket_id in ('application_documents', 'brand_assets')
    and (
      (storage.foldername(name))[1] in (select org_id::text from private.member_organization_ids() as org_id)
      or (select private.is_system_admin())
    )
  );

-- Members upload their organisation's documents (the applicant is its admin,
-- and any member may add evidence); only organisation admins change the logo.
-- The first folder must be an organisation the uploader belongs to, so nobody
-- can place a file in another organisation's folder or outside any folder.
create policy "storage.objects: members add documents, organisation admins add logos"
  on storage.objects for insert to authenticated
  with check (
    (bucket_id = 'application_documents'
      and (storage.foldername(name))[1] in (select org_id::text from private.member_organization_ids() as org_id))
    or (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
  );

-- Replacing (upsert) or moving a file: the same people, and the file must stay
-- in their own organisation's folder of the same kind of bucket (WITH CHECK).
-- This gives no power beyond remove-and-upload again, which they already have.
create policy "storage.objects: members replace documents, organisation admins replace logos"
  on storage.objects for update to authenticated
  using (
    (bucket_id = 'application_documents'
      and (storage.foldername(name))[1] in (select org_id::text from private.member_organization_ids() as org_id))
    or (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
  )
  with check (
    (bucket_id = 'application_documents'
      and (storage.foldername(name))[1] in (select org_id::text from private.member_organization_ids() as org_id))
    or (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
  );

-- Members remove their organisation's documents (a wrong upload during
-- onboarding); organisation admins remove the logo. System administrators only
-- read documents: they are the record the decision was made on.
create policy "storage.objects: members remove documents, organisation admins remove logos"
  on storage.objects for delete to authenticated
  using (
    (bucket_id = 'application_documents'
      and (storage.foldername(name))[1] in (select org_id::text from private.member_organization_ids() as org_id))
    or (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
  );
