-- A person's own personal data (GDPR art. 15 and 20; issue 27 part 7,
-- decision 076): every signed-in person downloads, from their account
-- settings, what the network holds about them as one JSON document.
--
-- public.export_my_personal_data() takes no parameter: the person is always
-- auth.uid(), so nobody can ask for someone else's data. It is security
-- definer because several of these tables are not readable by their subject
-- under RLS (the activity log, sessions, the auth tables); it reads only rows
-- whose person column is the caller. Secrets are left out: no password hash,
-- tokens, TOTP secrets or refresh tokens. A person with a verified second
-- factor must be at aal2, as for their organisation's export.
--
-- Which tables: every table with a foreign key to auth.users is either
-- exported here or named in tests/db/personal-data-export.test.ts as not the
-- person's data with a reason, so a new table is a decision, not an omission.

create function private.personal_data_rows(p_user_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'public.profiles', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from public.profiles t where t.id = p_user_id),
    'public.organization_members', (select coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object('organization_name', o.name) order by t.organization_id), '[]')
                                      from public.organization_members t join public.organizations o on o.id = t.organization_id where t.user_id = p_user_id),
    'public.notification_preferences', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from public.notification_preferences t where t.user_id = p_user_id),
    'public.notifications', (select coalesce(jsonb_agg(to_jsonb(t) order by t.id), '[]') from public.notifications t where t.user_id = p_user_id),
    'public.conversation_messages', (select coalesce(jsonb_agg(to_jsonb(t) order by t.created_at, t.id), '[]') from public.conversation_messages t where t.author_id = p_user_id),
    'public.conversation_reads', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from public.conversation_reads t where t.user_id = p_user_id),
    'public.application_drafts', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from public.application_drafts t where t.user_id = p_user_id),
    -- What they submitted for their organisation: its application and evidence carry their name.
    'public.organization_applications', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from public.organization_applications t where t.submitted_by = p_user_id),
    'public.application_documents', (select coalesce(jsonb_agg(to_jsonb(t) order by t.id), '[]') from public.application_documents t where t.submitted_by = p_user_id),
    'public.contact_messages', (select coalesce(jsonb_agg(to_jsonb(t) order by t.id), '[]') from public.contact_messages t where t.submitted_by = p_user_id),
    'public.resource_visits', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from public.resource_visits t where t.user_id = p_user_id),
    'public.investor_access', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from public.investor_access t where t.user_id = p_user_id),
    'public.investor_access_requests', (select coalesce(jsonb_agg(to_jsonb(t) order by t.id), '[]') from public.investor_access_requests t where t.submitted_by = p_user_id),
    'public.investor_document_access', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from public.investor_document_access t where t.user_id = p_user_id),
    'public.nda_agreements', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from public.nda_agreements t where t.user_id = p_user_id),
    'public.stakeholders', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from public.stakeholders t where t.user_id = p_user_id),
    'public.system_admins', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from public.system_admins t where t.user_id = p_user_id),
    -- Activity about them: what they did and what was done to them.
    'public.network_activity', (select coalesce(jsonb_agg(to_jsonb(t) order by t.id), '[]') from public.network_activity t
                                  where t.actor_id = p_user_id or t.subject_user_id = p_user_id),
    -- The account, without anything that signs in: no password hash, tokens or factor secrets.
    'auth.users', (select coalesce(jsonb_agg(jsonb_build_object(
                     'id', u.id, 'email', u.email, 'phone', u.phone, 'created_at', u.created_at, 'updated_at', u.updated_at,
                     'email_confirmed_at', u.email_confirmed_at, 'last_sign_in_at', u.last_sign_in_at)), '[]')
                     from auth.users u where u.id = p_user_id),
    'auth.identities', (select coalesce(jsonb_agg(jsonb_build_object(
                          'provider', i.provider, 'email', i.email, 'created_at', i.created_at, 'last_sign_in_at', i.last_sign_in_at)
                          order by i.created_at), '[]') from auth.identities i where i.user_id = p_user_id),
    'auth.mfa_factors', (select coalesce(jsonb_agg(jsonb_build_object(
                           'id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type, 'status', f.status,
                           'created_at', f.created_at, 'last_challenged_at', f.last_challenged_at) order by f.created_at), '[]')
                           from auth.mfa_factors f where f.user_id = p_user_id),
    'auth.sessions', (select coalesce(jsonb_agg(jsonb_build_object(
                        'id', s.id, 'created_at', s.created_at, 'refreshed_at', s.refreshed_at, 'aal', s.aal,
                        'user_agent', s.user_agent, 'ip', s.ip, 'not_after', s.not_after) order by s.created_at), '[]')
                        from auth.sessions s where s.user_id = p_user_id)
  );
$$;
comment on function private.personal_data_rows(uuid) is
  'Every row the network holds about one person, per table (secrets left out), for public.export_my_personal_data. Decision 076.';
revoke execute on function private.personal_data_rows(uuid) from public;

create function public.export_my_personal_data()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_user uuid := auth.uid();
  v_rows jsonb;
begin
  if v_user is null then
    raise exception using errcode = 'insufficient_privilege', message = 'not_authenticated';
  end if;
  if not private.aal_satisfied() then
    perform private.raise_aal2_required('export your personal data');
  end if;
  -- Read first: the export's own activity entry is not part of it.
  v_rows := private.personal_data_rows(v_user);
  insert into public.network_activity (actor_id, action, subject_user_id, details)
  values (v_user, 'account.personal_data_exported', v_user, '{}');
  return jsonb_build_object('person', v_user, 'exported_at', now(), 'tables', v_rows);
end;
$$;
comment on function public.export_my_personal_data() is
  'Everything the network holds about the signed-in person (at aal2 when they have a factor), as JSON per table; recorded in network_activity. Decision 076.';
revoke execute on function public.export_my_personal_data() from public, anon;
grant execute on function public.export_my_personal_data() to authenticated;
