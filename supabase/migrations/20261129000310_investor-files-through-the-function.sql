-- Issue 17: investors read data-room and dashboard files only through the
-- open-investor-document Edge Function (docs/decisions/061-data-room.md).
--
-- 20261129000200_investor-content.sql let an investor read an investor file
-- straight from Storage with their own JWT whenever they may read its level
-- (private.may_read_investor_object in the storage SELECT policy). That is a
-- way around both things the issue asks of every open: a PDF "served with the
-- investor's e-mail and the time stamped on every page", and "every open is
-- recorded". An investor who had agreed to the NDA could download the
-- unstamped PDF, or sign a URL to it, and the access log would never know.
--
-- The function needs no such right: it asks open_investor_document as the
-- caller (the decision and the record), then downloads or signs with the
-- service role. So the investor branch of the rule now answers no: only
-- system administrators (the back office's history and previews) read these
-- objects with their own session. The rows stay readable as before (titles,
-- versions, sizes for the lists); the storage path in them opens nothing.
--
-- Replaces the function only; the storage policy that calls it is unchanged,
-- so this applies unchanged to hosted Supabase.
create or replace function private.may_read_investor_object(p_object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  -- p_object_name is unused on purpose: no investor object is readable with an
  -- investor's own session, whatever its level, type or version.
  select false and p_object_name is not null;
$$;
comment on function private.may_read_investor_object(text) is
  'For the storage SELECT policy of investor_documents: always false. Investors open investor files only through the open-investor-document Edge Function, which records the open and stamps PDFs (it reads with the service role); system administrators read through the policy''s own is_system_admin() branch.';
