-- Issue 16: /admin/pricing — the plans are run from the back office, and every
-- price a plan has had is kept with its dates (docs/decisions/053-pricing-admin.md).
--
-- * A plan's price is an amount in a currency per billing period (month or
--   year): monthly_price_eur becomes price, with currency and billing_period
--   beside it. Existing plans keep their amounts, in EUR, per month.
-- * Writes go only through the security-definer RPCs below, for system
--   administrators (aal2 when they have a factor), each of which records its
--   own network_activity entry in the same transaction. The table's direct
--   insert/update/delete grants and policies are removed.
-- * Archiving hides a plan from /pricing (is_published = false, which the
--   visitor policy already honours) and stamps archived_at; restoring shows it
--   again. Plans are never deleted from the back office: invoices may name them.
-- * One plan at most is highlighted among those shown (a unique partial index).
-- * public.pricing_plan_prices is written by the database (a trigger) whenever
--   a plan's price, currency or billing period changes, with valid_from and
--   valid_to; public.plan_price_at(plan, at) names the price that applied.

-- ---------------------------------------------------------------------------
-- pricing_plans: price, currency, billing period, archiving
-- ---------------------------------------------------------------------------
alter table public.pricing_plans rename column monthly_price_eur to price;
comment on column public.pricing_plans.price is
  'Amount in currency per billing_period, excluding VAT. Null: priced on request ("Contact us").';

alter table public.pricing_plans
  add column currency text not null default 'EUR' check (currency ~ '^[A-Z]{3}$'),
  add column billing_period text not null default 'month' check (billing_period in ('month', 'year')),
  add column archived_at timestamptz;
comment on column public.pricing_plans.currency is 'ISO 4217 code of price (and of additional_verification_eur''s successor, still in euros).';
comment on column public.pricing_plans.billing_period is 'What price pays for: month or year.';
comment on column public.pricing_plans.archived_at is
  'When a system administrator archived the plan (hidden from /pricing, kept for invoices); null when shown or never archived.';

-- At most one highlighted plan among those visitors see. Older data could hold
-- more than one: keep the first in page order.
update public.pricing_plans p
   set is_featured = false
 where p.is_featured and p.is_published
   and p.id <> (
     select f.id from public.pricing_plans f
      where f.is_featured and f.is_published
      order by f.sort_order, f.name
      limit 1
   );
create unique index pricing_plans_one_featured on public.pricing_plans ((true)) where is_featured and is_published;
comment on index public.pricing_plans_one_featured is
  'Only one shown plan is highlighted as the usual choice.';

-- Only the RPCs write; the old direct-write path (decision 017) closes.
revoke insert, update, delete on table public.pricing_plans from authenticated;
drop policy "pricing_plans: system admins add" on public.pricing_plans;
drop policy "pricing_plans: system admins edit" on public.pricing_plans;
drop policy "pricing_plans: system admins remove" on public.pricing_plans;

-- The RPCs record their own entries (with words an administrator reads); the
-- generic audit stays for writes made any other way (an operator's SQL).
drop trigger pricing_plans_audit on public.pricing_plans;
create trigger pricing_plans_audit
  after insert or update or delete on public.pricing_plans
  for each row
  when (coalesce(current_setting('accord.activity_recorded_by', true), '') <> 'pricing_rpc')
  execute function private.audit_privileged_change('pricing_plan', '', '', 'created', 'updated', 'deleted');

-- ---------------------------------------------------------------------------
-- pricing_plan_prices: every price a plan has had, with its dates
-- ---------------------------------------------------------------------------
create table public.pricing_plan_prices (
  id bigint generated always as identity primary key,
  -- restrict: a plan whose prices may be on invoices is archived, not deleted.
  plan_id uuid not null references public.pricing_plans (id) on delete restrict,
  price numeric(10, 2) check (price >= 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  billing_period text not null check (billing_period in ('month', 'year')),
  valid_from timestamptz not null,
  -- Null: the price that applies now.
  valid_to timestamptz,
  changed_by uuid,
  constraint pricing_plan_prices_dates check (valid_to is null or valid_to > valid_from),
  constraint pricing_plan_prices_from_unique unique (plan_id, valid_from)
);
comment on table public.pricing_plan_prices is
  'Every price each plan has had, [valid_from, valid_to). Written only by the trigger on pricing_plans; system administrators read it; plan_price_at() answers for a date.';
create unique index pricing_plan_prices_one_current on public.pricing_plan_prices (plan_id) where valid_to is null;
comment on index public.pricing_plan_prices_one_current is 'A plan has one current price.';

alter table public.pricing_plan_prices enable row level security;
revoke all on table public.pricing_plan_prices from anon, authenticated;
grant select on table public.pricing_plan_prices to authenticated;
create policy "pricing_plan_prices: system admins read"
  on public.pricing_plan_prices for select to authenticated
  using ((select private.is_system_admin()));
comment on policy "pricing_plan_prices: system admins read" on public.pricing_plan_prices is
  'Past prices are for invoicing in the back office; members see today''s prices on /pricing.';

-- The history as it stands: today's price, from when the plan was first shown.
insert into public.pricing_plan_prices (plan_id, price, currency, billing_period, valid_from)
select p.id, p.price, p.currency, p.billing_period, coalesce(p.published_at, p.created_at)
  from public.pricing_plans p;

-- security definer: nobody else may write the history. Two changes in one
-- transaction share now(): the second replaces the first's row.
create function private.record_pricing_plan_price()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and new.price is not distinct from old.price
     and new.currency = old.currency
     and new.billing_period = old.billing_period then
    return null;
  end if;
  delete from public.pricing_plan_prices h
   where h.plan_id = new.id and h.valid_to is null and h.valid_from = now();
  update public.pricing_plan_prices h
     set valid_to = now()
   where h.plan_id = new.id and h.valid_to is null;
  insert into public.pricing_plan_prices (plan_id, price, currency, billing_period, valid_from, changed_by)
  values (new.id, new.price, new.currency, new.billing_period, now(), auth.uid());
  return null;
end;
$$;
comment on function private.record_pricing_plan_price() is
  'After insert, or an update of price/currency/billing_period, on pricing_plans: closes the current history row at now() and opens a new one.';
revoke execute on function private.record_pricing_plan_price() from public;

create trigger pricing_plans_price_history
  after insert or update of price, currency, billing_period on public.pricing_plans
  for each row execute function private.record_pricing_plan_price();

-- security invoker: the history's policy decides who gets an answer.
create function public.plan_price_at(p_plan_id uuid, p_at timestamptz)
returns table (price numeric, currency text, billing_period text, valid_from timestamptz, valid_to timestamptz)
language sql
stable
set search_path = ''
as $$
  select h.price, h.currency, h.billing_period, h.valid_from, h.valid_to
    from public.pricing_plan_prices h
   where h.plan_id = p_plan_id
     and h.valid_from <= p_at
     and (h.valid_to is null or h.valid_to > p_at);
$$;
comment on function public.plan_price_at(uuid, timestamptz) is
  'The price a plan had at a moment (a date means its midnight in the session''s time zone, UTC through the API), with the dates it applied; no row before the plan existed. System administrators only (through the history''s policy).';
revoke execute on function public.plan_price_at(uuid, timestamptz) from public, anon;
grant execute on function public.plan_price_at(uuid, timestamptz) to authenticated;

-- ---------------------------------------------------------------------------
-- The back office's RPCs
-- ---------------------------------------------------------------------------
-- Checks every field and raises the named error for the first that is wrong.
create function private.check_pricing_plan_fields(
  p_name text, p_summary text, p_price numeric, p_currency text, p_billing_period text,
  p_included_verifications integer, p_additional_verification_eur numeric, p_support text, p_features text[]
)
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_feature text;
begin
  if p_name is null or char_length(btrim(p_name)) = 0 then
    raise exception using errcode = 'invalid_parameter_value', message = 'plan_name_required', detail = 'Give the plan a name.';
  end if;
  if char_length(btrim(p_name)) > 60 then
    raise exception using errcode = 'invalid_parameter_value', message = 'plan_name_too_long', detail = 'A plan''s name can be at most 60 characters.';
  end if;
  if p_summary is null or char_length(btrim(p_summary)) = 0 then
    raise exception using errcode = 'invalid_parameter_value', message = 'plan_summary_required', detail = 'Say in a sentence who the plan is for.';
  end if;
  if char_length(btrim(p_summary)) > 300 then
    raise exception using errcode = 'invalid_parameter_value', message = 'plan_summary_too_long', detail = 'The summary can be at most 300 characters.';
  end if;
  if p_price is not null and (p_price < 0 or p_price >= 100000000 or p_price <> round(p_price, 2)) then
    raise exception using errcode = 'invalid_parameter_value', message = 'plan_price_invalid', detail = 'The price is an amount of 0 or more, with at most two decimals.';
  end if;
  if p_currency is null or p_currency !~ '^[A-Z]{3}$' then
    raise exception using errcode = 'invalid_parameter_value', message = 'plan_currency_invalid', detail = 'The currency is a three-letter ISO 4217 code, such as EUR.';
  end if;
  if p_billing_period is null or p_billing_period not in ('month', 'year') then
    raise exception using errcode = 'invalid_parameter_value', message = 'plan_period_invalid', detail = 'A plan is billed per month or per year.';
  end if;
  if p_included_verifications is not null and p_included_verifications <= 0 then
    raise exception using errcode = 'invalid_parameter_value', message = 'plan_included_invalid', detail = 'The included verifications are a whole number above 0, or left empty.';
  end if;
  if p_additional_verification_eur is not null and (p_additional_verification_eur < 0 or p_additional_verification_eur >= 1000000
      or p_additional_verification_eur <> round(p_additional_verification_eur, 2)) then
    raise exception using errcode = 'invalid_parameter_value', message = 'plan_additional_invalid', detail = 'The price of an additional verification is 0 or more, with at most two decimals.';
  end if;
  if p_support is null or char_length(btrim(p_support)) = 0 or char_length(btrim(p_support)) > 120 then
    raise exception using errcode = 'invalid_parameter_value', message = 'plan_support_invalid', detail = 'Describe the support in at most 120 characters.';
  end if;
  if p_features is null or cardinality(p_features) > 20 then
    raise exception using errcode = 'invalid_parameter_value', message = 'plan_features_invalid', detail = 'A plan lists at most 20 features.';
  end if;
  foreach v_feature in array p_features loop
    if v_feature is null or char_length(btrim(v_feature)) = 0 or char_length(btrim(v_feature)) > 200 then
      raise exception using errcode = 'invalid_parameter_value', message = 'plan_features_invalid', detail = 'Each feature is one line of at most 200 characters.';
    end if;
  end loop;
end;
$$;
comment on function private.check_pricing_plan_fields(text, text, numeric, text, text, integer, numeric, text, text[]) is
  'Raises 22023 plan_name_required, plan_name_too_long, plan_summary_required, plan_summary_too_long, plan_price_invalid, plan_currency_invalid, plan_period_invalid, plan_included_invalid, plan_additional_invalid, plan_support_invalid or plan_features_invalid.';
revoke execute on function private.check_pricing_plan_fields(text, text, numeric, text, text, integer, numeric, text, text[]) from public;

-- A plan the caller's RPC is about, locked; plan_not_found otherwise.
create function private.lock_pricing_plan(p_plan_id uuid)
returns public.pricing_plans
language plpgsql
set search_path = ''
as $$
declare
  v_plan public.pricing_plans%rowtype;
begin
  select * into v_plan from public.pricing_plans p where p.id = p_plan_id for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'plan_not_found', detail = 'This plan no longer exists.';
  end if;
  return v_plan;
end;
$$;
comment on function private.lock_pricing_plan(uuid) is 'The plan, locked for the calling RPC; P0002 plan_not_found.';
revoke execute on function private.lock_pricing_plan(uuid) from public;

create function public.admin_save_pricing_plan(
  p_plan_id uuid,
  p_name text,
  p_summary text,
  p_price numeric,
  p_currency text,
  p_billing_period text,
  p_included_verifications integer,
  p_additional_verification_eur numeric,
  p_support text,
  p_features text[],
  p_is_featured boolean
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.pricing_plans%rowtype;
  v_new public.pricing_plans%rowtype;
  v_features text[];
  v_slug text;
  v_changes jsonb;
begin
  perform private.require_system_admin('change pricing plans');
  perform private.check_pricing_plan_fields(p_name, p_summary, p_price, upper(btrim(p_currency)), p_billing_period,
    p_included_verifications, p_additional_verification_eur, p_support, p_features);
  select coalesce(array_agg(btrim(f) order by o), '{}') into v_features from unnest(p_features) with ordinality as u(f, o);

  perform pg_catalog.set_config('accord.activity_recorded_by', 'pricing_rpc', true);
  -- Serialise highlight changes, so two at once cannot both clear and set.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.pricing_plans'));

  if p_plan_id is not null then
    v_old := private.lock_pricing_plan(p_plan_id);
  end if;
  if coalesce(p_is_featured, false) then
    update public.pricing_plans p set is_featured = false
     where p.is_featured and p.id is distinct from p_plan_id;
  end if;

  if p_plan_id is null then
    -- The slug is the name's words; a number keeps it unique.
    v_slug := nullif(left(btrim(regexp_replace(lower(btrim(p_name)), '[^a-z0-9]+', '-', 'g'), '-'), 50), '');
    v_slug := coalesce(btrim(v_slug, '-'), 'plan');
    if exists (select 1 from public.pricing_plans p where p.slug = v_slug) then
      v_slug := v_slug || '-' || left(replace(gen_random_uuid()::text, '-', ''), 6);
    end if;
    insert into public.pricing_plans (slug, name, summary, price, currency, billing_period, included_verifications,
      additional_verification_eur, support, features, is_featured, sort_order, is_published)
    values (v_slug, btrim(p_name), btrim(p_summary), p_price, upper(btrim(p_currency)), p_billing_period, p_included_verifications,
      p_additional_verification_eur, btrim(p_support), v_features, coalesce(p_is_featured, false),
      coalesce((select max(p.sort_order) from public.pricing_plans p), 0) + 10, true)
    returning * into v_new;
    insert into public.network_activity (actor_id, action, details)
    values (auth.uid(), 'pricing_plan.created', jsonb_build_object(
      'plan_id', v_new.id, 'plan_name', v_new.name, 'price', v_new.price, 'currency', v_new.currency,
      'billing_period', v_new.billing_period));
  else
    update public.pricing_plans p
       set name = btrim(p_name), summary = btrim(p_summary), price = p_price, currency = upper(btrim(p_currency)),
           billing_period = p_billing_period, included_verifications = p_included_verifications,
           additional_verification_eur = p_additional_verification_eur, support = btrim(p_support),
           features = v_features,
           -- An archived plan cannot be highlighted: it is not shown.
           is_featured = coalesce(p_is_featured, false) and p.is_published
     where p.id = p_plan_id
    returning * into v_new;
    select jsonb_object_agg(n.key, jsonb_build_object('from', to_jsonb(v_old) -> n.key, 'to', n.value))
      into v_changes
      from jsonb_each(to_jsonb(v_new) - 'updated_at') n
     where n.value is distinct from to_jsonb(v_old) -> n.key;
    if v_changes is not null then
      insert into public.network_activity (actor_id, action, details)
      values (auth.uid(), 'pricing_plan.updated', jsonb_build_object(
        'plan_id', v_new.id, 'plan_name', v_new.name, 'changes', v_changes));
    end if;
  end if;
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
  return v_new.id;
exception
  when unique_violation then
    raise exception using errcode = 'unique_violation', message = 'plan_conflict',
      detail = 'Another administrator changed the plans at the same time. Reload and try again.';
end;
$$;
comment on function public.admin_save_pricing_plan(uuid, text, text, numeric, text, text, integer, numeric, text, text[], boolean) is
  'System administrators only (42501, aal2_required). p_plan_id null adds a plan (shown at once, last in order); otherwise changes it. Highlighting one plan clears the others. Records pricing_plan.created / pricing_plan.updated with what changed; a new price opens a row in pricing_plan_prices. Errors: see private.check_pricing_plan_fields; P0002 plan_not_found.';
revoke execute on function public.admin_save_pricing_plan(uuid, text, text, numeric, text, text, integer, numeric, text, text[], boolean) from public, anon;
grant execute on function public.admin_save_pricing_plan(uuid, text, text, numeric, text, text, integer, numeric, text, text[], boolean) to authenticated;

create function public.admin_set_pricing_plan_archived(p_plan_id uuid, p_archived boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_plan public.pricing_plans%rowtype;
begin
  perform private.require_system_admin('archive or restore pricing plans');
  if p_archived is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'archived_required', detail = 'Say whether to archive or restore the plan.';
  end if;
  v_plan := private.lock_pricing_plan(p_plan_id);
  -- Already as asked: nothing to do or record.
  if v_plan.is_published = not p_archived then
    return;
  end if;
  perform pg_catalog.set_config('accord.activity_recorded_by', 'pricing_rpc', true);
  update public.pricing_plans p
     set is_published = not p_archived,
         archived_at = case when p_archived then now() end,
         -- Restored plans come back without the highlight, which another plan may hold now.
         is_featured = false
   where p.id = p_plan_id;
  insert into public.network_activity (actor_id, action, details)
  values (auth.uid(), case when p_archived then 'pricing_plan.archived' else 'pricing_plan.restored' end,
    jsonb_build_object('plan_id', v_plan.id, 'plan_name', v_plan.name));
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
end;
$$;
comment on function public.admin_set_pricing_plan_archived(uuid, boolean) is
  'System administrators only (42501, aal2_required). Archives a plan (hidden from /pricing, kept with its prices) or shows it again; records pricing_plan.archived / pricing_plan.restored. Errors: 22023 archived_required; P0002 plan_not_found.';
revoke execute on function public.admin_set_pricing_plan_archived(uuid, boolean) from public, anon;
grant execute on function public.admin_set_pricing_plan_archived(uuid, boolean) to authenticated;

create function public.admin_move_pricing_plan(p_plan_id uuid, p_direction text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_plan public.pricing_plans%rowtype;
  v_ids uuid[];
  v_at integer;
  v_to integer;
begin
  perform private.require_system_admin('reorder pricing plans');
  if p_direction is null or p_direction not in ('up', 'down') then
    raise exception using errcode = 'invalid_parameter_value', message = 'direction_invalid', detail = 'Move a plan up or down.';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.pricing_plans'));
  v_plan := private.lock_pricing_plan(p_plan_id);
  select array_agg(p.id order by p.sort_order, p.name, p.id) into v_ids from public.pricing_plans p;
  v_at := array_position(v_ids, p_plan_id);
  v_to := v_at + case p_direction when 'up' then -1 else 1 end;
  -- Already first or last: nothing to do or record.
  if v_to < 1 or v_to > cardinality(v_ids) then
    return;
  end if;
  v_ids[v_at] := v_ids[v_to];
  v_ids[v_to] := p_plan_id;
  perform pg_catalog.set_config('accord.activity_recorded_by', 'pricing_rpc', true);
  -- Renumbered in tens, so the order is exactly the list's.
  update public.pricing_plans p
     set sort_order = u.position * 10
    from unnest(v_ids) with ordinality as u(id, position)
   where p.id = u.id and p.sort_order is distinct from (u.position * 10)::integer;
  insert into public.network_activity (actor_id, action, details)
  values (auth.uid(), 'pricing_plan.moved', jsonb_build_object(
    'plan_id', v_plan.id, 'plan_name', v_plan.name, 'direction', p_direction, 'position', v_to));
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
end;
$$;
comment on function public.admin_move_pricing_plan(uuid, text) is
  'System administrators only (42501, aal2_required). Moves a plan one place up or down in the order /pricing shows (archived plans keep their place); records pricing_plan.moved. Errors: 22023 direction_invalid; P0002 plan_not_found.';
revoke execute on function public.admin_move_pricing_plan(uuid, text) from public, anon;
grant execute on function public.admin_move_pricing_plan(uuid, text) to authenticated;
