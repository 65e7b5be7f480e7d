-- Issue 27, part 7: everything the network holds about one organisation, on
-- request (GDPR art. 20), and the map that erasure (the next migrations) reads
-- too. Decision: docs/decisions/076-organisation-export-and-erasure.md.
--
-- Which tables hold an organisation's data is found from the catalog, so a new
-- table cannot be forgotten: private.organisation_reference_tables() walks the
-- foreign keys from public.organizations down (every table referencing it,
-- then every table referencing one of those, …) and adds every table with an
-- organization_id column that carries no foreign key (notifications, the
-- activity log, drafts). Each table it finds must have a row in
-- private.organisation_data_map: 'exported' with the fixed condition that
-- picks the organisation's rows ($1 is its id), or 'network_own' with the
-- reason it is not the organisation's data. A test asserts the two agree.
--
-- The conditions are SQL written here, in a migration, by us: nothing a caller
-- sends is ever run; the only parameter is the organisation's id.

create table private.organisation_data_map (
  table_name text primary key
    constraint organisation_data_map_table_check check (to_regclass(table_name) is not null),
  treatment text not null
    constraint organisation_data_map_treatment_check check (treatment in ('exported', 'network_own')),
  -- For exported tables: a condition on the table's rows (alias t), $1 being the organisation's id.
  row_filter text,
  -- What erasure does with the rows: delete them, keep them under legal hold
  -- (issued invoices and what they are made of), or keep them as the tombstone.
  on_erasure text
    constraint organisation_data_map_on_erasure_check check (on_erasure in ('delete', 'legal_hold', 'tombstone', 'pseudonymise')),
  reason text not null
    constraint organisation_data_map_reason_check check (char_length(btrim(reason)) between 10 and 500),
  constraint organisation_data_map_shape_check check (
    (treatment = 'exported' and row_filter is not null and on_erasure is not null)
    or (treatment = 'network_own' and row_filter is null and on_erasure is null)
  )
);
comment on table private.organisation_data_map is
  'For every table that references an organisation (private.organisation_reference_tables), whether its rows are the organisation''s data (exported, with the fixed condition picking them and what erasure does) or the network''s own (with the reason). Decision 076.';

insert into private.organisation_data_map (table_name, treatment, row_filter, on_erasure, reason) values
  ('public.organizations', 'exported', 't.id = $1', 'tombstone',
   'The organisation itself. Erasure keeps its registered facts (name, legal name, registration number, country, domain) as the registry''s tombstone.'),
  ('public.organization_members', 'exported', 't.organization_id = $1', 'delete', 'Who belongs to the organisation and with which role.'),
  ('public.profiles', 'exported', 't.id in (select m.user_id from public.organization_members m where m.organization_id = $1)', 'delete',
   'The members'' personal data (name, e-mail, job title). Not in the foreign-key walk (profiles reference people, not organisations): exported for the members, erased only for members of no other organisation.'),
  ('public.organization_applications', 'exported', 't.organization_id = $1', 'delete', 'The application to join, with its contact person.'),
  ('public.application_events', 'exported', 't.organization_id = $1', 'delete', 'The application''s history and messages.'),
  ('public.application_documents', 'exported', 't.organization_id = $1', 'delete', 'The evidence files'' records (the files come with the export).'),
  ('public.application_drafts', 'exported', 't.organization_id = $1', 'delete', 'Unsubmitted application drafts of its members.'),
  ('public.registry_entries', 'exported', 't.organization_id = $1', 'tombstone', 'Its registry status; erasure revokes it and keeps the entry so relying parties get an answer.'),
  ('public.registry_status_changes', 'exported', 't.organization_id = $1', 'tombstone', 'Its registry history, which relying parties read: kept with the removal appended.'),
  ('public.organization_change_requests', 'exported', 't.organization_id = $1', 'delete', 'Changes to its registered facts it asked for.'),
  ('public.tenant_invitations', 'exported', 't.organization_id = $1', 'delete', 'Invitations its administrators sent (e-mail addresses).'),
  ('public.conversations', 'exported', 't.organization_id = $1', 'delete', 'Its conversations with the network.'),
  ('public.conversation_messages', 'exported', 't.organization_id = $1', 'delete', 'The messages of its conversations.'),
  ('public.conversation_attachments', 'exported', 't.organization_id = $1', 'delete', 'The attachments'' records (the files come with the export).'),
  ('public.conversation_reads', 'exported', 't.conversation_id in (select c.id from public.conversations c where c.organization_id = $1)', 'delete', 'When each reader last read its conversations.'),
  ('public.organization_verification_schemas', 'exported', 't.organization_id = $1', 'delete', 'The verification schemas it declares.'),
  ('public.organization_verification_schema_history', 'exported', 't.organization_id = $1', 'delete', 'When it declared and withdrew schemas.'),
  ('public.notifications', 'exported', 't.organization_id = $1', 'delete', 'Notifications its members received about it.'),
  ('public.network_activity', 'exported', 't.organization_id = $1', 'pseudonymise', 'The audit entries about it: kept for the network''s accountability, with names and people removed on erasure.'),
  ('public.billing_profiles', 'exported', 't.organization_id = $1', 'delete', 'Its billing address, e-mail and VAT id.'),
  ('public.memberships', 'exported', 't.organization_id = $1', 'legal_hold', 'Its membership plan: issued invoices'' periods refer to it.'),
  ('public.membership_periods', 'exported', 't.organization_id = $1', 'legal_hold', 'The periods its invoices bill.'),
  ('public.invoices', 'exported', 't.organization_id = $1', 'legal_hold', 'Its invoices and credit notes: issued ones are kept as the law requires (drafts are deleted).'),
  ('public.invoice_lines', 'exported', 't.invoice_id in (select i.id from public.invoices i where i.organization_id = $1)', 'legal_hold', 'The lines of its invoices.'),
  ('public.invoice_vat_breakdown', 'exported', 't.invoice_id in (select i.id from public.invoices i where i.organization_id = $1)', 'legal_hold', 'The VAT breakdown of its invoices.'),
  ('public.billing_reminders', 'exported', 't.invoice_id in (select i.id from public.invoices i where i.organization_id = $1)', 'delete', 'Payment reminders queued for its invoices.'),
  ('public.payments', 'exported', 't.organization_id = $1', 'legal_hold', 'Payments it made: accounting records.'),
  ('public.payment_allocations', 'exported', 't.invoice_id in (select i.id from public.invoices i where i.organization_id = $1)', 'legal_hold', 'Which of its invoices its payments settle.'),
  ('public.payment_refunds', 'exported', 't.invoice_id in (select i.id from public.invoices i where i.organization_id = $1)', 'legal_hold', 'Refunds of its payments.');

insert into private.organisation_data_map (table_name, treatment, reason) values
  ('public.bank_statement_lines', 'network_own', 'The network''s own bank statements; a line only points at the invoice it paid.'),
  ('private.tenant_invitation_tokens', 'network_own', 'Hashes of invitation secrets: credentials of the network, deleted with their invitation.'),
  ('private.notification_emails', 'network_own', 'The network''s e-mail delivery queue, deleted with its notification.'),
  ('private.onboarding_starts', 'network_own', 'A figure of the network''s analytics (when onboarding started), no personal data.'),
  ('private.organization_registry_keys', 'network_own', 'Search keys derived from the registered name, kept with the tombstone.'),
  ('private.active_member_facts', 'network_own', 'The network''s analytics counters (sector and country), no personal data.'),
  ('private.application_effects', 'network_own', 'The network''s analytics counters (days an application took), no personal data.'),
  ('private.registry_org_effects', 'network_own', 'The network''s analytics counters per day, no personal data.'),
  ('private.billing_recurring_shares', 'network_own', 'The network''s kept revenue totals, recomputed from memberships.');

-- The tables that reference an organisation, from the catalog: the foreign-key
-- descendants of public.organizations in public and private, and every table
-- there with an organization_id column (some keep it without a foreign key on
-- purpose) and their descendants.
create function private.organisation_reference_tables()
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  with recursive
    tables as (
      select c.oid
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname in ('public', 'private')
    ),
    reached (oid) as (
      select 'public.organizations'::regclass::oid
      union
      select a.attrelid
        from pg_attribute a join tables t on t.oid = a.attrelid
       where a.attname = 'organization_id' and not a.attisdropped
      union
      select f.conrelid
        from pg_constraint f join reached r on f.confrelid = r.oid
       where f.contype = 'f' and f.conrelid in (select oid from tables)
    )
  -- With an empty search_path regclass prints every name with its schema.
  select r.oid::regclass::text from reached r
$$;
comment on function private.organisation_reference_tables() is
  'Tables in public and private that hold rows about an organisation, found from the catalog (foreign-key descendants of public.organizations and tables with an organization_id column). Each must be in private.organisation_data_map. Decision 076.';
revoke execute on function private.organisation_reference_tables() from public;

-- The stored files of an organisation: every object whose first folder is its
-- id in the buckets that keep organisations' files that way (evidence and the
-- registration document, the logo, conversation attachments, invoice PDFs).
-- Found by folder rather than by the rows pointing at them, so a file whose
-- row is gone is still found (and erased).
create function private.organisation_files(p_organization_id uuid)
returns table (bucket_id text, name text, byte_size bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select o.bucket_id, o.name, coalesce((o.metadata ->> 'size')::bigint, 0)
    from storage.objects o
   where o.bucket_id in ('application_documents', 'brand_assets', 'conversation_attachments', 'invoices')
     and o.name like p_organization_id::text || '/%'
   order by o.bucket_id, o.name;
$$;
comment on function private.organisation_files(uuid) is
  'The organisation''s stored files: objects under its id''s folder in application_documents, brand_assets, conversation_attachments and invoices.';
revoke execute on function private.organisation_files(uuid) from public;

-- The export itself: one jsonb { organization, tables: { name: [rows] }, files }.
create function private.organisation_export(p_organization_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_map record;
  v_rows jsonb;
  v_tables jsonb := '{}';
begin
  for v_map in
    select m.table_name, m.row_filter from private.organisation_data_map m
     where m.treatment = 'exported' order by m.table_name
  loop
    -- table_name and row_filter come from the map above, never from a caller.
    execute format('select coalesce(jsonb_agg(to_jsonb(t)), ''[]'') from %s t where %s', v_map.table_name, v_map.row_filter)
      into v_rows using p_organization_id;
    v_tables := v_tables || jsonb_build_object(v_map.table_name, v_rows);
  end loop;
  return jsonb_build_object(
    'organization', (select jsonb_build_object('id', o.id, 'name', o.name) from public.organizations o where o.id = p_organization_id),
    'exported_at', now(),
    'tables', v_tables,
    'files', (select coalesce(jsonb_agg(jsonb_build_object('bucket', f.bucket_id, 'path', f.name, 'size', f.byte_size)), '[]')
                from private.organisation_files(p_organization_id) f)
  );
end;
$$;
comment on function private.organisation_export(uuid) is
  'Every exported table''s rows of the organisation and its stored files'' names (private.organisation_data_map, private.organisation_files). Decision 076.';
revoke execute on function private.organisation_export(uuid) from public;

create function private.require_organisation(p_organization_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_name text;
begin
  select o.name into v_name from public.organizations o where o.id = p_organization_id;
  if v_name is null then
    raise exception using errcode = 'no_data_found', message = 'organization_not_found',
      detail = 'This organisation does not exist.';
  end if;
  return v_name;
end;
$$;
revoke execute on function private.require_organisation(uuid) from public;

-- ▶ Export, by a system administrator (the database page): aal2 and a second
-- factor from the last 10 minutes, recorded in network_activity.
create function public.admin_export_organisation(p_organization_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_name text;
begin
  perform private.require_database_admin('export an organisation''s data');
  perform private.require_recent_second_factor('export an organisation''s data');
  v_name := private.require_organisation(p_organization_id);
  insert into public.network_activity (actor_id, action, organization_id, details)
  values (auth.uid(), 'database.organisation_exported', p_organization_id, jsonb_build_object('organization_name', v_name, 'by', 'network'));
  return private.organisation_export(p_organization_id);
end;
$$;
comment on function public.admin_export_organisation(uuid) is
  '▶ Everything the network holds about one organisation, for the organisation-export Edge Function. System administrators at aal2 with a second factor from the last 10 minutes. Decision 076.';
revoke execute on function public.admin_export_organisation(uuid) from public, anon;
grant execute on function public.admin_export_organisation(uuid) to authenticated;

-- The same, asked by one of the organisation's own administrators from the
-- member area. The member area lets an administrator with a factor in only at
-- aal2 (decision 043), so the same holds here.
create function public.export_my_organisation(p_organization_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_name text;
begin
  if auth.uid() is null then
    raise exception using errcode = 'insufficient_privilege', message = 'not_authenticated';
  end if;
  if not private.is_organization_admin(p_organization_id) then
    raise exception using errcode = 'insufficient_privilege', message = 'Only the organisation''s administrators may export its data.';
  end if;
  if not private.aal_satisfied() then
    perform private.raise_aal2_required('export your organisation''s data');
  end if;
  v_name := private.require_organisation(p_organization_id);
  insert into public.network_activity (actor_id, action, organization_id, details)
  values (auth.uid(), 'database.organisation_exported', p_organization_id, jsonb_build_object('organization_name', v_name, 'by', 'organisation'));
  return private.organisation_export(p_organization_id);
end;
$$;
comment on function public.export_my_organisation(uuid) is
  'Everything the network holds about one''s own organisation (its administrators only, at aal2 when they have a factor), for the organisation-export Edge Function. Decision 076.';
revoke execute on function public.export_my_organisation(uuid) from public, anon;
grant execute on function public.export_my_organisation(uuid) to authenticated;

-- The archives: a private bucket nobody reads but the Edge Function (service
-- role), which hands out a 15-minute signed URL; the scheduled sweep deletes
-- archives older than 7 days.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('organisation_exports', 'organisation_exports', false, null, array['application/zip']);

create function public.expired_organisation_exports(p_now timestamptz default now())
returns table (name text)
language sql
stable
security definer
set search_path = ''
as $$
  select o.name from storage.objects o
   where o.bucket_id = 'organisation_exports' and o.created_at < p_now - interval '7 days'
   order by o.name;
$$;
comment on function public.expired_organisation_exports(timestamptz) is
  'Service role: export archives older than 7 days, for the sweep to delete through the Storage API. Decision 076.';
revoke execute on function public.expired_organisation_exports(timestamptz) from public, anon, authenticated;
grant execute on function public.expired_organisation_exports(timestamptz) to service_role;
