-- The private `invoices` bucket: each issued invoice's and credit note's PDF,
-- rendered once by the invoice-pdf Edge Function and kept at
-- `{organization_id}/{invoice_id}.pdf`, its SHA-256 recorded on the invoice
-- (record_invoice_pdf). docs/decisions/071-invoice-documents.md.
--
-- No policy on storage.objects names this bucket, on purpose: nobody reads,
-- writes or lists it with their own session. The function decides through
-- invoice_document() as the caller, then stores and signs with the service
-- role (which bypasses RLS); the browser gets a 60-second signed URL. A
-- stored file is never replaced (the function uploads without upsert).
--
-- 2 MB (a 30-line invoice is about 35 KB), PDF only, enforced by Storage on
-- upload from the bucket's row. `on conflict` brings a hand-made bucket to
-- these settings. Applies unchanged to hosted Supabase (runs as `postgres`).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('invoices', 'invoices', false, 2097152, array['application/pdf'])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;
