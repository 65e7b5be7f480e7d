-- Every stored object's type is one its bucket takes, written as one strict
-- media type (issue 23, finding 2; docs/decisions/066-content-types-storage-serves.md).
--
-- Hosted Storage's validateMimeType (src/storage/uploader.ts) compares only the
-- first two `/`-separated parts of the declared type with the bucket's
-- allowed_mime_types, so `image/png/,text/html` passes for brand_assets, is
-- stored as the object's type and is sent back as its Content-Type, without
-- `X-Content-Type-Options: nosniff`. Chromium reads such a header as a list
-- and renders the last type it knows: an HTML, SVG or XHTML page with a script
-- then runs on the API's origin. Hosted Storage's copy takes a new type from
-- the caller and checks no list at all.
--
-- This trigger is the database's answer, on hosted Supabase as locally: before
-- a row of storage.objects is written or moved to another bucket, its
-- metadata's `mimetype` must be `type/subtype` in lower-case token characters
-- (no parameters, commas, spaces or second slash) and, when the bucket lists
-- types, one of them exactly (`image/*` allowing any image). Hosted Storage
-- asks the policies with a trial insert that already carries the declared
-- type and then writes the row itself as the service role, which bypasses RLS (so
-- a policy would not be enough): the trigger sees both, and the final row
-- of a signed upload, a copy, a resumable or an S3 upload too. It answers
-- 42501 `invalid_mime_type`, which Storage sends as a 403 with that message.
-- A row without a type (the local stand-in's trial insert, before it has read
-- the file) passes; the stand-in then checks the type itself, strictly, and
-- the bytes against it.
--
-- Applies unchanged to hosted Supabase (runs as `postgres`, which holds
-- TRIGGER on storage.objects): a function in private and a trigger, no comment
-- on the trigger (that needs ownership of storage.objects).

create function private.refuse_unlisted_object_type()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  declared text := new.metadata ->> 'mimetype';
  allowed text[];
begin
  if declared is null then
    return new;
  end if;
  select b.allowed_mime_types into allowed from storage.buckets b where b.id = new.bucket_id;
  if declared !~ '^[-!#$%&''*+.^_`|~0-9a-z]+/[-!#$%&''*+.^_`|~0-9a-z]+$'
     or (cardinality(allowed) > 0
         and not (declared = any (allowed) or split_part(declared, '/', 1) || '/*' = any (allowed))) then
    raise exception using errcode = 'insufficient_privilege', message = 'invalid_mime_type',
      detail = format('The bucket %s does not take objects of type %s.', new.bucket_id, declared);
  end if;
  return new;
end;
$$;
comment on function private.refuse_unlisted_object_type() is
  'Before insert, or an update of bucket_id or metadata, on storage.objects (trigger refuse_unlisted_object_types): refuses a metadata mimetype that is not one lower-case type/subtype or not in the bucket''s allowed_mime_types, for every role including Storage''s own, with 42501 invalid_mime_type (Storage answers 403). Rows without a mimetype pass. Decision 066.';
revoke execute on function private.refuse_unlisted_object_type() from public;

create trigger refuse_unlisted_object_types
  before insert or update of bucket_id, metadata on storage.objects
  for each row
  execute function private.refuse_unlisted_object_type();
