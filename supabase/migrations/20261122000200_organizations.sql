-- Foundation, part 2: organisations, their members and their application.
--
-- An organisation is created by the person who completes onboarding. Creating
-- it is applying: a trigger makes the creator its admin and files a pending
-- application in the same transaction, so the client's one insert cannot leave
-- an organisation without an admin or an applicant without a status
-- (docs/decisions/004-database-foundation.md).

-- ---------------------------------------------------------------------------
-- organizations
-- ---------------------------------------------------------------------------
-- Enums rather than check constraints so the generated TypeScript types carry
-- the allowed values to the onboarding form and the registry filters.
create type public.organization_sector as enum (
  'education',
  'healthcare',
  'financial_services',
  'public_sector',
  'travel',
  'recruitment',
  'technology',
  'legal',
  'real_estate',
  'retail',
  'telecommunications',
  'other'
);
comment on type public.organization_sector is
  'Sector shown in the trust registry and used by the use-case pages. Add values with ALTER TYPE … ADD VALUE.';

-- Head-count bands follow the EU SME definition (micro < 10, small < 50, medium < 250).
create type public.organization_size as enum ('1-9', '10-49', '50-249', '250-999', '1000+');
comment on type public.organization_size is 'Head-count band (EU SME thresholds, then 1000+).';

create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  -- The name people know the organisation by; legal_name is what the company
  -- register says. The registry shows both when they differ.
  name text not null check (char_length(btrim(name)) between 1 and 200),
  legal_name text check (legal_name is null or char_length(btrim(legal_name)) between 1 and 300),
  -- As issued by the national register of `country` (Companies House number,
  -- KvK number, SIREN, …); formats differ too much to validate here.
  registration_number text check (registration_number is null or char_length(btrim(registration_number)) between 1 and 64),
  -- ISO 3166-1 alpha-2, upper case. Only the shape is checked: the list of
  -- codes changes and belongs to the app's country picker.
  country text check (country is null or country ~ '^[A-Z]{2}$'),
  website text check (website is null or website ~* '^https?://[^\s/]+\.[^\s]+$'),
  sector public.organization_sector,
  size public.organization_size,
  description text check (description is null or char_length(description) <= 2000),
  -- The applicant. Null when a system administrator creates a tenant without
  -- one. History, not a relationship (no FK; the membership is the relationship).
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One organisation per company registration in a jurisdiction: the registry
  -- must not list the same legal entity twice.
  constraint organizations_country_registration_number_key unique (country, registration_number)
);
comment on table public.organizations is
  'Organisations in the network, created through onboarding. Approved ones are public (trust registry); others are visible to their members and system administrators.';

create trigger organizations_set_updated_at
  before update on public.organizations
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------
-- organization_members
-- ---------------------------------------------------------------------------
create type public.organization_role as enum ('admin', 'member');
comment on type public.organization_role is
  'admin manages the organisation (its creator starts as admin); member uses the dashboard.';

create table public.organization_members (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.organization_role not null default 'member',
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id),
  -- A person belongs to at most one organisation: the client loads "the"
  -- membership with at most one row (spec §7), and the approval status is that
  -- organisation's. Drop this if multi-organisation accounts are ever wanted.
  constraint organization_members_user_id_key unique (user_id)
);
comment on table public.organization_members is
  'Who belongs to which organisation and as what. Changed only by system administrators and the organisation-creation trigger; role changes and tenant invitations will be RPCs.';

-- ---------------------------------------------------------------------------
-- organization_applications
-- ---------------------------------------------------------------------------
-- "No application" is the absence of a row (check_user_org_approval_status returns null).
create type public.application_status as enum ('pending', 'under_review', 'approved', 'rejected');
comment on type public.application_status is
  'pending: submitted; under_review: an administrator has picked it up; approved/rejected: decided.';

create table public.organization_applications (
  organization_id uuid primary key references public.organizations (id) on delete cascade,
  status public.application_status not null default 'pending',
  -- Who applied and who decided: history, kept after their accounts are deleted (no FK).
  submitted_by uuid default auth.uid(),
  submitted_at timestamptz not null default now(),
  -- Stamped by a trigger when the status becomes approved or rejected.
  decided_by uuid,
  decided_at timestamptz,
  decision_reason text check (decision_reason is null or char_length(decision_reason) <= 2000),
  updated_at timestamptz not null default now(),
  constraint organization_applications_decided_check
    check ((status in ('approved', 'rejected')) = (decided_at is not null)),
  -- An applicant who is turned down is owed a reason.
  constraint organization_applications_rejection_reason_check
    check (status <> 'rejected' or decision_reason is not null)
);
comment on table public.organization_applications is
  'The one application of each organisation and its approval state. Members read it; only system administrators change it.';

-- The decision's who and when come from the session, not from the client
-- (which has no update privilege on those columns). Moving an application back
-- to pending/under_review withdraws the decision.
create function private.stamp_application_decision()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  if new.status in ('approved', 'rejected') then
    if tg_op = 'INSERT' or old.status is distinct from new.status then
      new.decided_at := now();
      new.decided_by := coalesce(auth.uid(), new.decided_by);
    end if;
  else
    new.decided_at := null;
    new.decided_by := null;
    new.decision_reason := null;
  end if;
  return new;
end;
$$;
revoke execute on function private.stamp_application_decision() from public;
create trigger organization_applications_stamp_decision
  before insert or update on public.organization_applications
  for each row execute function private.stamp_application_decision();

-- ---------------------------------------------------------------------------
-- Policy helpers (see part 1 for why they are security definer in private)
-- ---------------------------------------------------------------------------
create function private.member_organization_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.organization_id from public.organization_members m where m.user_id = auth.uid();
$$;
comment on function private.member_organization_ids() is
  'Organisations the caller belongs to, in any role. security definer so policies on organization_members can use it without recursion.';
revoke execute on function private.member_organization_ids() from public;
grant execute on function private.member_organization_ids() to authenticated, service_role;

create function private.admin_organization_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.organization_id from public.organization_members m
  where m.user_id = auth.uid() and m.role = 'admin';
$$;
comment on function private.admin_organization_ids() is 'Organisations the caller administers.';
revoke execute on function private.admin_organization_ids() from public;
grant execute on function private.admin_organization_ids() to authenticated, service_role;

create function private.approved_organization_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select a.organization_id from public.organization_applications a where a.status = 'approved';
$$;
comment on function private.approved_organization_ids() is
  'Organisations whose application is approved, i.e. listed in the public trust registry. security definer because visitors cannot read applications.';
revoke execute on function private.approved_organization_ids() from public;
grant execute on function private.approved_organization_ids() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Creating an organisation makes the creator its admin and files its application
-- ---------------------------------------------------------------------------
create function private.handle_new_organization()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- A system administrator may create a tenant with no applicant; it then has
  -- no members and no application until the back office adds them.
  if new.created_by is null then
    return null;
  end if;
  -- The unique constraint would stop this too; this says why in words.
  if exists (select 1 from public.organization_members m where m.user_id = new.created_by) then
    raise exception using
      errcode = 'unique_violation',
      message = 'already_in_organization',
      detail = 'This account already belongs to an organisation; each account belongs to at most one.';
  end if;
  insert into public.organization_members (organization_id, user_id, role)
  values (new.id, new.created_by, 'admin');
  insert into public.organization_applications (organization_id, status, submitted_by)
  values (new.id, 'pending', new.created_by);
  return null;
end;
$$;
comment on function private.handle_new_organization() is
  'After insert on organizations: the creator becomes admin and a pending application is filed (spec: the creator gets role admin; onboarding submits the application).';
revoke execute on function private.handle_new_organization() from public;
create trigger organizations_handle_new
  after insert on public.organizations
  for each row execute function private.handle_new_organization();

-- ---------------------------------------------------------------------------
-- RLS: organizations
-- ---------------------------------------------------------------------------
alter table public.organizations enable row level security;
revoke all on table public.organizations from anon, authenticated;
grant select on table public.organizations to anon;
grant select, insert, delete on table public.organizations to authenticated;
-- id, created_by and the timestamps are not the client's to change.
grant update (name, legal_name, registration_number, country, website, sector, size, description)
  on table public.organizations to authenticated;

create policy "organizations: visitors read the registry"
  on public.organizations for select to anon
  using (id in (select private.approved_organization_ids()));
comment on policy "organizations: visitors read the registry" on public.organizations is
  'The trust registry is public: anyone may read approved organisations. Applicants that are pending or rejected stay private.';

create policy "organizations: registry, own organisation, or all as admin"
  on public.organizations for select to authenticated
  using (
    id in (select private.approved_organization_ids())
    or id in (select private.member_organization_ids())
    -- The creator reads the row back from `insert … returning` before the
    -- membership trigger has run (RLS checks the returned row at insert time).
    or created_by = (select auth.uid())
    or (select private.is_system_admin())
  );
comment on policy "organizations: registry, own organisation, or all as admin" on public.organizations is
  'Signed-in people see the registry like visitors, plus their own organisation at any status; system administrators see all.';

create policy "organizations: applicants create in their own name"
  on public.organizations for insert to authenticated
  with check (created_by = (select auth.uid()) or (select private.is_system_admin()));
comment on policy "organizations: applicants create in their own name" on public.organizations is
  'Onboarding: a signed-in person creates their organisation as its creator (the trigger makes them admin). System administrators may create tenants for others or with no creator.';

create policy "organizations: organisation admins and system admins edit"
  on public.organizations for update to authenticated
  using ((select private.is_system_admin()) or id in (select private.admin_organization_ids()))
  with check ((select private.is_system_admin()) or id in (select private.admin_organization_ids()));
comment on policy "organizations: organisation admins and system admins edit" on public.organizations is
  'Organisation details (/dashboard/organization-details) are kept up to date by the organisation''s admins; plain members only read them.';

create policy "organizations: system admins delete"
  on public.organizations for delete to authenticated
  using ((select private.is_system_admin()));
comment on policy "organizations: system admins delete" on public.organizations is
  'Deleting removes members and the application with it; only the back office (/admin/tenants) may do that.';

-- ---------------------------------------------------------------------------
-- RLS: organization_members
-- ---------------------------------------------------------------------------
alter table public.organization_members enable row level security;
revoke all on table public.organization_members from anon, authenticated;
grant select, insert, delete on table public.organization_members to authenticated;
grant update (role) on table public.organization_members to authenticated;

create policy "organization_members: own organisation or all as admin"
  on public.organization_members for select to authenticated
  using (organization_id in (select private.member_organization_ids()) or (select private.is_system_admin()));
comment on policy "organization_members: own organisation or all as admin" on public.organization_members is
  'Members see who else is in their organisation (/dashboard/members) and their own role; nobody sees other organisations'' members except system administrators.';

create policy "organization_members: system admins add"
  on public.organization_members for insert to authenticated
  with check ((select private.is_system_admin()));
comment on policy "organization_members: system admins add" on public.organization_members is
  'Adding someone to an organisation needs their consent: that will be the tenant-invitation RPC. Until then only the back office adds members (the creator is added by trigger).';

create policy "organization_members: system admins change roles"
  on public.organization_members for update to authenticated
  using ((select private.is_system_admin()))
  with check ((select private.is_system_admin()));
comment on policy "organization_members: system admins change roles" on public.organization_members is
  'Changing a role is a privileged operation (handbook §6); an organisation admin will do it through an RPC that keeps at least one admin.';

create policy "organization_members: system admins remove"
  on public.organization_members for delete to authenticated
  using ((select private.is_system_admin()));
comment on policy "organization_members: system admins remove" on public.organization_members is
  'Removing members could leave an organisation without an admin; only the back office does it for now.';

-- ---------------------------------------------------------------------------
-- RLS: organization_applications
-- ---------------------------------------------------------------------------
alter table public.organization_applications enable row level security;
revoke all on table public.organization_applications from anon, authenticated;
grant select, insert, delete on table public.organization_applications to authenticated;
grant update (status, decision_reason) on table public.organization_applications to authenticated;

create policy "organization_applications: own organisation or all as admin"
  on public.organization_applications for select to authenticated
  using (organization_id in (select private.member_organization_ids()) or (select private.is_system_admin()));
comment on policy "organization_applications: own organisation or all as admin" on public.organization_applications is
  'Members follow their own application (/application-pending); the back office (/admin/applications) reviews all. Decision details are not public.';

create policy "organization_applications: system admins file"
  on public.organization_applications for insert to authenticated
  with check ((select private.is_system_admin()));
comment on policy "organization_applications: system admins file" on public.organization_applications is
  'Applicants file by creating their organisation (trigger); a direct insert could self-approve, so only system administrators may.';

create policy "organization_applications: system admins decide"
  on public.organization_applications for update to authenticated
  using ((select private.is_system_admin()))
  with check ((select private.is_system_admin()));
comment on policy "organization_applications: system admins decide" on public.organization_applications is
  'Approval is the network''s trust decision: only system administrators review, approve or reject.';

create policy "organization_applications: system admins delete"
  on public.organization_applications for delete to authenticated
  using ((select private.is_system_admin()));
comment on policy "organization_applications: system admins delete" on public.organization_applications is
  'Withdrawing an application resets the organisation to "no application"; only the back office may.';
