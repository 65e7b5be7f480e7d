-- Public site: the content the back office publishes — pricing plans, updates
-- (news articles) and ecosystem solutions (docs/decisions/017-published-content.md).
--
-- * The public pages /pricing, /news and /ecosystem read these tables as
--   visitors, with the anon key, through PostgREST. What a visitor may see is
--   decided here and nowhere else: a row is public once it is published (and,
--   for an update, once its publication date has come).
-- * The back office (/admin/pricing, /admin/updates) will manage them with
--   plain inserts and updates as a system administrator; the policies below
--   already allow exactly that and nothing more. Nobody else writes.
-- * Every table has a slug (the readable, shareable part of a URL:
--   /news?update=<slug>, /ecosystem/<slug>), an explicit order or date, a
--   published flag with the date it was first published, and timestamps.
-- * Texts meant to be long (an update's body, a solution's description) are
--   plain text with a small, safe markdown subset that the app renders into
--   elements itself: blank lines separate paragraphs; "## " and "### " start
--   headings; "- " starts a bullet and "1. " a numbered item; inline **bold**,
--   `code` and [text](https://… | /path | mailto:…). HTML is never interpreted.
--
-- Conventions as in part 1 (20261122000100_access-grants.sql): RLS on every
-- table, one permissive policy per (role, action), helpers called as
-- `(select …)`, privileges granted explicitly and per column for writes, so
-- the audit columns (id, created_at, updated_at) cannot be forged.

-- ---------------------------------------------------------------------------
-- Shared: publication date and slugs
-- ---------------------------------------------------------------------------
-- Publishing without a date means "now". Unpublishing keeps the date, so a
-- row published again keeps its place in a date-ordered list unless an
-- administrator changes the date on purpose.
create function private.stamp_published_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_published and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end;
$$;
comment on function private.stamp_published_at() is
  'Before insert or update on published content: a row published without a date is dated now.';
revoke execute on function private.stamp_published_at() from public;

-- ---------------------------------------------------------------------------
-- pricing_plans
-- ---------------------------------------------------------------------------
create table public.pricing_plans (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 60),
  name text not null check (char_length(btrim(name)) between 1 and 60),
  -- Who the plan is for, in a sentence.
  summary text not null check (char_length(btrim(summary)) between 1 and 300),
  -- Euros per month, excluding VAT. Null: priced on request, so the page
  -- offers "Contact us" instead of joining straight away.
  monthly_price_eur numeric(10, 2) check (monthly_price_eur >= 0),
  -- Verifications included each month. Null: agreed per contract.
  included_verifications integer check (included_verifications > 0),
  -- Price of each verification beyond the included volume. Null: agreed per contract.
  additional_verification_eur numeric(8, 2) check (additional_verification_eur >= 0),
  -- The support the plan comes with, e.g. "E-mail, next business day".
  support text not null check (char_length(btrim(support)) between 1 and 120),
  -- What the plan includes, one line each, in the order shown.
  features text[] not null default '{}'
    check (cardinality(features) <= 20 and array_position(features, null) is null),
  -- The plan the page highlights as the usual choice.
  is_featured boolean not null default false,
  -- Position on the page, lowest first (plans are shown from small to large).
  sort_order integer not null default 0,
  is_published boolean not null default false,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint pricing_plans_published_dated check (not is_published or published_at is not null)
);
comment on table public.pricing_plans is
  'Membership plans shown on /pricing and managed at /admin/pricing. Visitors see published plans; system administrators see and change all.';

create trigger pricing_plans_stamp_published_at
  before insert or update on public.pricing_plans
  for each row execute function private.stamp_published_at();
create trigger pricing_plans_set_updated_at
  before update on public.pricing_plans
  for each row execute function private.set_updated_at();

alter table public.pricing_plans enable row level security;
revoke all on table public.pricing_plans from anon, authenticated;
grant select on table public.pricing_plans to anon, authenticated;
grant insert (slug, name, summary, monthly_price_eur, included_verifications, additional_verification_eur, support,
              features, is_featured, sort_order, is_published, published_at)
  on table public.pricing_plans to authenticated;
grant update (slug, name, summary, monthly_price_eur, included_verifications, additional_verification_eur, support,
              features, is_featured, sort_order, is_published, published_at)
  on table public.pricing_plans to authenticated;
grant delete on table public.pricing_plans to authenticated;

create policy "pricing_plans: visitors read published"
  on public.pricing_plans for select to anon
  using (is_published);
comment on policy "pricing_plans: visitors read published" on public.pricing_plans is
  'A plan being prepared in the back office stays invisible until it is published.';

create policy "pricing_plans: published, or all as system admin"
  on public.pricing_plans for select to authenticated
  using (is_published or (select private.is_system_admin()));
comment on policy "pricing_plans: published, or all as system admin" on public.pricing_plans is
  'Signed-in people see what visitors see; system administrators also see drafts, to edit them.';

create policy "pricing_plans: system admins add"
  on public.pricing_plans for insert to authenticated
  with check ((select private.is_system_admin()));
comment on policy "pricing_plans: system admins add" on public.pricing_plans is
  'Prices are the network''s offer: only system administrators create plans.';

create policy "pricing_plans: system admins edit"
  on public.pricing_plans for update to authenticated
  using ((select private.is_system_admin()))
  with check ((select private.is_system_admin()));
comment on policy "pricing_plans: system admins edit" on public.pricing_plans is
  'Only system administrators change, publish or withdraw a plan.';

create policy "pricing_plans: system admins remove"
  on public.pricing_plans for delete to authenticated
  using ((select private.is_system_admin()));
comment on policy "pricing_plans: system admins remove" on public.pricing_plans is
  'Only system administrators delete a plan (withdrawing it, is_published = false, keeps it for later).';

-- ---------------------------------------------------------------------------
-- updates: news articles
-- ---------------------------------------------------------------------------
create type public.update_category as enum ('network', 'trust_framework', 'members', 'product', 'security');
comment on type public.update_category is
  'What an update is about: network (launches, pilots), trust_framework (new versions, rules), members (who joined, new sectors), product (API, dashboard), security (assurance, incidents).';

create table public.updates (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 120),
  title text not null check (char_length(btrim(title)) between 1 and 160),
  -- Shown in the list and as the page's description.
  summary text not null check (char_length(btrim(summary)) between 1 and 400),
  -- The article: plain text with the markdown subset described at the top.
  body text not null check (char_length(btrim(body)) between 1 and 20000),
  category public.update_category not null,
  is_published boolean not null default false,
  -- The article's date, newest first on /news. A published update dated in
  -- the future is scheduled: it appears when the date comes.
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint updates_published_dated check (not is_published or published_at is not null)
);
comment on table public.updates is
  'News articles shown on /news (Updates) and managed at /admin/updates. Visitors see published updates whose date has come; system administrators see and change all.';

create trigger updates_stamp_published_at
  before insert or update on public.updates
  for each row execute function private.stamp_published_at();
create trigger updates_set_updated_at
  before update on public.updates
  for each row execute function private.set_updated_at();

alter table public.updates enable row level security;
revoke all on table public.updates from anon, authenticated;
grant select on table public.updates to anon, authenticated;
grant insert (slug, title, summary, body, category, is_published, published_at) on table public.updates to authenticated;
grant update (slug, title, summary, body, category, is_published, published_at) on table public.updates to authenticated;
grant delete on table public.updates to authenticated;

create policy "updates: visitors read published and due"
  on public.updates for select to anon
  using (is_published and published_at <= now());
comment on policy "updates: visitors read published and due" on public.updates is
  'Drafts and updates scheduled for a later date are not public yet.';

create policy "updates: published and due, or all as system admin"
  on public.updates for select to authenticated
  using ((is_published and published_at <= now()) or (select private.is_system_admin()));
comment on policy "updates: published and due, or all as system admin" on public.updates is
  'Signed-in people see what visitors see; system administrators also see drafts and scheduled updates.';

create policy "updates: system admins add"
  on public.updates for insert to authenticated
  with check ((select private.is_system_admin()));
comment on policy "updates: system admins add" on public.updates is
  'Updates speak for the network: only system administrators write them.';

create policy "updates: system admins edit"
  on public.updates for update to authenticated
  using ((select private.is_system_admin()))
  with check ((select private.is_system_admin()));
comment on policy "updates: system admins edit" on public.updates is
  'Only system administrators edit, publish, schedule or withdraw an update.';

create policy "updates: system admins remove"
  on public.updates for delete to authenticated
  using ((select private.is_system_admin()));
comment on policy "updates: system admins remove" on public.updates is
  'Only system administrators delete an update.';

-- ---------------------------------------------------------------------------
-- ecosystem_solutions
-- ---------------------------------------------------------------------------
create type public.solution_category as enum (
  'identity_verification',
  'document_verification',
  'digital_wallet',
  'integration',
  'trust_services'
);
comment on type public.solution_category is
  'identity_verification (proving who a person is, remotely or in person); document_verification (checking a document is genuine and valid); digital_wallet (credentials held by the person); integration (connecting members'' systems to the network); trust_services (seals, time stamps, signatures).';

create table public.ecosystem_solutions (
  id uuid primary key default gen_random_uuid(),
  -- The solution's public identifier: /ecosystem/<slug>. Keep it stable once
  -- published, or shared links break.
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80),
  name text not null check (char_length(btrim(name)) between 1 and 100),
  -- The company behind it, as it is commonly known.
  provider text not null check (char_length(btrim(provider)) between 1 and 120),
  category public.solution_category not null,
  -- One or two sentences for the grid.
  summary text not null check (char_length(btrim(summary)) between 1 and 300),
  -- The detail page's text: the markdown subset described at the top.
  description text not null check (char_length(btrim(description)) between 1 and 10000),
  -- Standards, systems and services it works with, one short name each.
  integrates_with text[] not null default '{}'
    check (cardinality(integrates_with) <= 20 and array_position(integrates_with, null) is null),
  website text not null check (website ~* '^https?://[^\s/]+\.[^\s]+$'),
  -- Where the provider is based: ISO 3166-1 alpha-2, as organizations.country.
  country text check (country is null or country ~ '^[A-Z]{2}$'),
  -- The logo's object name in the public brand_assets bucket (PNG or JPEG,
  -- at most 1 MiB, enforced by the bucket), e.g. ecosystem/veridis-identity.png.
  -- Null: the page shows a neutral mark. Lower-case segments that start with a
  -- letter or digit, so no name can step out of its folder.
  logo_path text check (logo_path ~ '^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9._-]*)*\.(png|jpe?g)$'),
  -- Position in the grid, lowest first.
  sort_order integer not null default 0,
  is_published boolean not null default false,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint ecosystem_solutions_published_dated check (not is_published or published_at is not null)
);
comment on table public.ecosystem_solutions is
  'Products that work with the network, shown on /ecosystem and /ecosystem/<slug>; logos live in the public brand_assets bucket. Visitors see published solutions; system administrators see and change all.';

create trigger ecosystem_solutions_stamp_published_at
  before insert or update on public.ecosystem_solutions
  for each row execute function private.stamp_published_at();
create trigger ecosystem_solutions_set_updated_at
  before update on public.ecosystem_solutions
  for each row execute function private.set_updated_at();

alter table public.ecosystem_solutions enable row level security;
revoke all on table public.ecosystem_solutions from anon, authenticated;
grant select on table public.ecosystem_solutions to anon, authenticated;
grant insert (slug, name, provider, category, summary, description, integrates_with, website, country, logo_path,
              sort_order, is_published, published_at)
  on table public.ecosystem_solutions to authenticated;
grant update (slug, name, provider, category, summary, description, integrates_with, website, country, logo_path,
              sort_order, is_published, published_at)
  on table public.ecosystem_solutions to authenticated;
grant delete on table public.ecosystem_solutions to authenticated;

create policy "ecosystem_solutions: visitors read published"
  on public.ecosystem_solutions for select to anon
  using (is_published);
comment on policy "ecosystem_solutions: visitors read published" on public.ecosystem_solutions is
  'A solution being reviewed for listing stays invisible until it is published.';

create policy "ecosystem_solutions: published, or all as system admin"
  on public.ecosystem_solutions for select to authenticated
  using (is_published or (select private.is_system_admin()));
comment on policy "ecosystem_solutions: published, or all as system admin" on public.ecosystem_solutions is
  'Signed-in people see what visitors see; system administrators also see unpublished solutions.';

create policy "ecosystem_solutions: system admins add"
  on public.ecosystem_solutions for insert to authenticated
  with check ((select private.is_system_admin()));
comment on policy "ecosystem_solutions: system admins add" on public.ecosystem_solutions is
  'Listing a solution is the network''s decision: only system administrators add one.';

create policy "ecosystem_solutions: system admins edit"
  on public.ecosystem_solutions for update to authenticated
  using ((select private.is_system_admin()))
  with check ((select private.is_system_admin()));
comment on policy "ecosystem_solutions: system admins edit" on public.ecosystem_solutions is
  'Only system administrators change, publish or withdraw a listing; providers ask them to.';

create policy "ecosystem_solutions: system admins remove"
  on public.ecosystem_solutions for delete to authenticated
  using ((select private.is_system_admin()));
comment on policy "ecosystem_solutions: system admins remove" on public.ecosystem_solutions is
  'Only system administrators delete a listing.';
