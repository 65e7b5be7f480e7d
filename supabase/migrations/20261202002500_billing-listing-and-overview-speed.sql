-- The invoice listing and the billing overview at 1,000,000 invoices
-- (decision 069, "How the listing and the overview stay fast").
--
-- * admin_billing_overview summed every open invoice's balance and joined every
--   active membership to its period on each call. Triggers now keep, in the
--   same transaction, the monthly amounts per currency
--   (private.billing_recurring, with each organisation's share beside it, as
--   decision 062 keeps the network figures), the open balance per currency
--   and due date (private.billing_receivables: one row a day with money
--   outstanding, so the ageing by today's date is still computed at read time)
--   and the number of drafts (private.billing_draft_count). They are statement
--   triggers with transition tables, so billing_run's set-based 10,000 drafts
--   cost one upsert, not 10,000. private.rebuild_billing_totals() recomputes
--   them all from the base tables: run here, and after loads that bypass triggers.
-- * admin_list_invoices with a period filter read every invoice of the period
--   and sorted them, because the order (created_at, id) is not the filter's
--   column. A period of up to 92 days is now read day by day from
--   invoices_period_idx (period_start, created_at desc, id desc), newest first,
--   a page at most per day, and merged.
-- * The page's organisation names came from a hash join that read every
--   organisation for 50 rows; each row now looks its name up by key.
-- Signatures and results are unchanged.

-- ---------------------------------------------------------------------------
-- Kept totals
-- ---------------------------------------------------------------------------
create table private.billing_receivables (
  currency char(3) not null,
  due_date date not null,
  open_invoices integer not null,
  balance_minor bigint not null,
  primary key (currency, due_date)
);
comment on table private.billing_receivables is
  'Open invoices (issued, kind invoice, balance > 0) per currency and due date: how many and what they owe. Kept by private.keep_billing_totals; rows that reach zero invoices are removed.';
-- Finds the rows to remove without reading the others.
create index billing_receivables_closed_idx on private.billing_receivables (currency, due_date) where open_invoices = 0;

create table private.billing_draft_count (
  singleton boolean primary key default true check (singleton),
  drafts bigint not null
);
comment on table private.billing_draft_count is
  'How many invoices and credit notes are drafts (one row). Kept by private.keep_billing_totals.';

alter table private.billing_receivables enable row level security;
alter table private.billing_draft_count enable row level security;
revoke all on table private.billing_receivables, private.billing_draft_count from public, anon, authenticated;

-- One function for the three statement triggers: what the statement's old rows
-- held is taken out, what its new rows hold is put in.
create function private.keep_billing_totals()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_drafts bigint;
begin
  -- Dynamic, because a statement naming a transition table the firing trigger
  -- lacks does not compile.
  execute format($q$
    with delta as (%s),
    receivables as (
      insert into private.billing_receivables as r (currency, due_date, open_invoices, balance_minor)
      select d.currency, d.due_date, sum(d.sign), sum(d.sign * d.balance_minor)
        from delta d
       where d.status = 'issued' and d.kind = 'invoice' and d.balance_minor > 0
       group by d.currency, d.due_date
      having sum(d.sign) <> 0 or sum(d.sign * d.balance_minor) <> 0
      on conflict (currency, due_date) do update
         set open_invoices = r.open_invoices + excluded.open_invoices, balance_minor = r.balance_minor + excluded.balance_minor)
    select coalesce(sum(d.sign) filter (where d.status = 'draft'), 0) from delta d$q$,
    case tg_op
      when 'INSERT' then 'select 1 as sign, n.currency, n.due_date, n.status, n.kind, n.balance_minor from new_rows n'
      when 'DELETE' then 'select -1 as sign, o.currency, o.due_date, o.status, o.kind, o.balance_minor from old_rows o'
      else 'select -1 as sign, o.currency, o.due_date, o.status, o.kind, o.balance_minor from old_rows o
            union all select 1, n.currency, n.due_date, n.status, n.kind, n.balance_minor from new_rows n' end)
  into v_drafts;
  delete from private.billing_receivables r where r.open_invoices = 0;
  if v_drafts <> 0 then
    insert into private.billing_draft_count as c (singleton, drafts) values (true, v_drafts)
    on conflict (singleton) do update set drafts = c.drafts + excluded.drafts;
  end if;
  return null;
end;
$$;
comment on function private.keep_billing_totals() is
  'After each statement on invoices: moves private.billing_receivables (open invoices per currency and due date) and private.billing_draft_count by what the statement''s rows held before and after.';
revoke execute on function private.keep_billing_totals() from public;

create trigger invoices_keep_totals_on_insert
  after insert on public.invoices
  referencing new table as new_rows
  for each statement execute function private.keep_billing_totals();
create trigger invoices_keep_totals_on_update
  after update on public.invoices
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.keep_billing_totals();
create trigger invoices_keep_totals_on_delete
  after delete on public.invoices
  referencing old table as old_rows
  for each statement execute function private.keep_billing_totals();

-- Recurring revenue: each active membership's current period, per month. An
-- organisation's share is kept beside the totals and recomputed whole from the
-- base tables when its membership or periods change (as decision 062 does), so
-- a period that arrives after the membership moved into it still counts.
create table private.billing_recurring_shares (
  organization_id uuid primary key,
  currency char(3) not null,
  -- Exactly as the overview summed it before: a yearly price / 12.0.
  monthly_minor numeric not null
);
comment on table private.billing_recurring_shares is
  'Each active membership''s current period per month (private.refresh_billing_recurring); summed per currency in private.billing_recurring.';

create table private.billing_recurring (
  currency char(3) primary key,
  memberships integer not null,
  monthly_minor numeric not null
);
comment on table private.billing_recurring is
  'Active memberships and their monthly amounts per currency (the overview''s recurring revenue, rounded when read). Kept by private.refresh_billing_recurring.';

alter table private.billing_recurring_shares enable row level security;
alter table private.billing_recurring enable row level security;
revoke all on table private.billing_recurring_shares, private.billing_recurring from public, anon, authenticated;

create function private.refresh_billing_recurring(p_organization_ids uuid[])
returns void
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(cardinality(p_organization_ids), 0) = 0 then
    return;
  end if;
  -- One writer at a time until commit: two transactions recomputing one
  -- organisation's share would otherwise both take the old share out.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('private.billing_recurring'));
  update private.billing_recurring r
     set memberships = r.memberships - d.n, monthly_minor = r.monthly_minor - d.monthly
    from (select s.currency, count(*)::integer as n, sum(s.monthly_minor) as monthly
            from private.billing_recurring_shares s where s.organization_id = any (p_organization_ids)
           group by s.currency) d
   where r.currency = d.currency;
  delete from private.billing_recurring_shares s where s.organization_id = any (p_organization_ids);
  insert into private.billing_recurring_shares (organization_id, currency, monthly_minor)
  select m.organization_id, mp.currency,
         case mp.billing_period when 'year' then mp.unit_amount_minor / 12.0 else mp.unit_amount_minor end
    from public.memberships m
    join public.membership_periods mp on mp.organization_id = m.organization_id and mp.period_start = m.current_period_start
   where m.status = 'active' and m.organization_id = any (p_organization_ids);
  insert into private.billing_recurring as r (currency, memberships, monthly_minor)
  select s.currency, count(*), sum(s.monthly_minor)
    from private.billing_recurring_shares s where s.organization_id = any (p_organization_ids)
   group by s.currency
  on conflict (currency) do update
     set memberships = r.memberships + excluded.memberships, monthly_minor = r.monthly_minor + excluded.monthly_minor;
  delete from private.billing_recurring r where r.memberships = 0;
end;
$$;
comment on function private.refresh_billing_recurring(uuid[]) is
  'Takes these organisations'' recurring shares out of private.billing_recurring and puts them in again as memberships and membership_periods now stand.';
revoke execute on function private.refresh_billing_recurring(uuid[]) from public;

-- After each statement on memberships or membership_periods.
create function private.keep_billing_recurring()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_orgs uuid[];
begin
  execute format('select array_agg(distinct x.organization_id) from (%s) x',
    case tg_op
      when 'INSERT' then 'select n.organization_id from new_rows n'
      when 'DELETE' then 'select o.organization_id from old_rows o'
      else 'select o.organization_id from old_rows o union all select n.organization_id from new_rows n' end)
  into v_orgs;
  perform private.refresh_billing_recurring(v_orgs);
  return null;
end;
$$;
comment on function private.keep_billing_recurring() is
  'After each statement on memberships or membership_periods: refreshes the recurring share of every organisation the statement touched.';
revoke execute on function private.keep_billing_recurring() from public;

create trigger memberships_keep_recurring_on_insert
  after insert on public.memberships referencing new table as new_rows
  for each statement execute function private.keep_billing_recurring();
create trigger memberships_keep_recurring_on_update
  after update on public.memberships referencing old table as old_rows new table as new_rows
  for each statement execute function private.keep_billing_recurring();
create trigger memberships_keep_recurring_on_delete
  after delete on public.memberships referencing old table as old_rows
  for each statement execute function private.keep_billing_recurring();
create trigger membership_periods_keep_recurring_on_insert
  after insert on public.membership_periods referencing new table as new_rows
  for each statement execute function private.keep_billing_recurring();
create trigger membership_periods_keep_recurring_on_update
  after update on public.membership_periods referencing old table as old_rows new table as new_rows
  for each statement execute function private.keep_billing_recurring();
create trigger membership_periods_keep_recurring_on_delete
  after delete on public.membership_periods referencing old table as old_rows
  for each statement execute function private.keep_billing_recurring();

create function private.rebuild_billing_totals()
returns void
language plpgsql
set search_path = ''
as $$
begin
  -- No invoice may change while the totals are recomputed from them.
  lock table public.invoices, public.memberships, public.membership_periods in share mode;
  delete from private.billing_receivables;
  insert into private.billing_receivables (currency, due_date, open_invoices, balance_minor)
  select i.currency, i.due_date, count(*), sum(i.balance_minor)
    from public.invoices i
   where i.status = 'issued' and i.kind = 'invoice' and i.balance_minor > 0
   group by i.currency, i.due_date;
  insert into private.billing_draft_count as c (singleton, drafts)
  select true, count(*) from public.invoices i where i.status = 'draft'
  on conflict (singleton) do update set drafts = excluded.drafts;
  delete from private.billing_recurring_shares;
  delete from private.billing_recurring;
  perform private.refresh_billing_recurring(array(select m.organization_id from public.memberships m));
end;
$$;
comment on function private.rebuild_billing_totals() is
  'Recomputes private.billing_receivables, private.billing_draft_count and the recurring revenue (private.billing_recurring and its shares) from invoices, memberships and membership_periods (after a load that bypassed triggers; a db test checks a rebuild changes nothing).';
revoke execute on function private.rebuild_billing_totals() from public;

select private.rebuild_billing_totals();

-- ---------------------------------------------------------------------------
-- The overview reads the kept totals
-- ---------------------------------------------------------------------------
create or replace function public.admin_billing_overview()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_today date := private.billing_today();
begin
  perform private.require_system_admin('see billing');
  return jsonb_build_object(
    'today', v_today,
    -- Recurring revenue: each active membership's current period, per month.
    'recurring', coalesce((
      select jsonb_agg(jsonb_build_object('currency', r.currency, 'mrrMinor', r.mrr, 'arrMinor', r.mrr * 12) order by r.currency)
        -- Kept per currency (private.refresh_billing_recurring), rounded as the sum always was.
        from (select k.currency, round(k.monthly_minor)::bigint as mrr from private.billing_recurring k) r), '[]'),
    'receivables', coalesce((
      select jsonb_agg(jsonb_build_object(
               'currency', a.currency, 'outstandingMinor', a.outstanding, 'overdueMinor', a.overdue,
               'ageing', jsonb_build_object('d0_30', a.d0_30, 'd31_60', a.d31_60, 'd61_90', a.d61_90, 'd90_plus', a.d90_plus))
             order by a.currency)
        from (select r.currency,
                     sum(r.balance_minor)::bigint as outstanding,
                     coalesce(sum(r.balance_minor) filter (where r.due_date < v_today), 0)::bigint as overdue,
                     -- Days past due; not yet due counts in 0–30.
                     coalesce(sum(r.balance_minor) filter (where v_today - r.due_date <= 30), 0)::bigint as d0_30,
                     coalesce(sum(r.balance_minor) filter (where v_today - r.due_date between 31 and 60), 0)::bigint as d31_60,
                     coalesce(sum(r.balance_minor) filter (where v_today - r.due_date between 61 and 90), 0)::bigint as d61_90,
                     coalesce(sum(r.balance_minor) filter (where v_today - r.due_date > 90), 0)::bigint as d90_plus
                -- Kept per currency and due date (private.keep_billing_totals): one row a day, not one an invoice.
                from private.billing_receivables r
               group by r.currency) a), '[]'),
    'overdueOrganizations', (select count(distinct i.organization_id)::integer from public.invoices i
       where i.status = 'issued' and i.kind = 'invoice' and i.balance_minor > 0 and i.due_date < v_today - 30),
    'upcomingRenewals', (select count(*)::integer from public.memberships m
       where m.status = 'active' and m.current_period_end >= v_today and m.current_period_end < v_today + 30),
    'drafts', coalesce((select k.drafts::integer from private.billing_draft_count k), 0));
end;
$$;
comment on function public.admin_billing_overview() is
  'System administrators only (42501, aal2_required). {today, recurring: [{currency, mrrMinor, arrMinor}], receivables: [{currency, outstandingMinor, overdueMinor, ageing: {d0_30, d31_60, d61_90, d90_plus}}] (days past due; not yet due is in d0_30), overdueOrganizations (30 days or more), upcomingRenewals (next 30 days), drafts}.';
revoke execute on function public.admin_billing_overview() from public, anon;
grant execute on function public.admin_billing_overview() to authenticated;

-- ---------------------------------------------------------------------------
-- The listing reads a short period day by day
-- ---------------------------------------------------------------------------
create or replace function public.admin_list_invoices(
  p_status text default null,
  p_kind text default null,
  p_payment_status text default null,
  p_overdue boolean default null,
  p_organization_id uuid default null,
  p_period_from date default null,
  p_period_to date default null,
  p_number text default null,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null,
  p_limit integer default 50
)
returns table (
  id uuid,
  kind text,
  status text,
  number text,
  organization_id uuid,
  organization_name text,
  issue_date date,
  due_date date,
  period_start date,
  period_end date,
  currency text,
  subtotal_minor bigint,
  vat_minor bigint,
  total_minor bigint,
  credited_minor bigint,
  paid_minor bigint,
  balance_minor bigint,
  payment_status text,
  overdue boolean,
  credited_invoice_id uuid,
  created_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_today date := private.billing_today();
  v_where text[] := array['true'];
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 200);
  v_days integer := p_period_to - p_period_from;
  v_from text;
begin
  perform private.require_system_admin('see invoices');
  if (p_after_created_at is null) <> (p_after_id is null) then
    raise exception using errcode = 'invalid_parameter_value', message = 'cursor_incomplete',
      detail = 'Give both p_after_created_at and p_after_id (the last row of the previous page), or neither.';
  end if;
  if p_status is not null and p_status not in ('draft', 'issued') then
    raise exception using errcode = 'invalid_parameter_value', message = 'status_invalid', detail = 'Status is draft or issued.';
  end if;
  if p_kind is not null and p_kind not in ('invoice', 'credit_note') then
    raise exception using errcode = 'invalid_parameter_value', message = 'kind_invalid', detail = 'Kind is invoice or credit_note.';
  end if;
  if p_payment_status is not null and p_payment_status not in ('unpaid', 'partly_paid', 'paid', 'refunded', 'credited') then
    raise exception using errcode = 'invalid_parameter_value', message = 'payment_status_invalid',
      detail = 'Payment status is unpaid, partly_paid, paid, refunded or credited.';
  end if;
  if p_number is not null and char_length(p_number) > 40 then
    raise exception using errcode = 'invalid_parameter_value', message = 'number_too_long', detail = 'An invoice number has at most 40 characters.';
  end if;
  -- Built per call, so each filter gets the plan of its own index (a generic
  -- plan over optional filters would scan).
  if p_status is not null then v_where := v_where || format('i.status = %L', p_status); end if;
  if p_kind is not null then v_where := v_where || format('i.kind = %L', p_kind); end if;
  if p_payment_status is not null then v_where := v_where || format('i.payment_status = %L', p_payment_status); end if;
  if p_overdue then
    v_where := v_where || format('i.status = ''issued'' and i.kind = ''invoice'' and i.balance_minor > 0 and i.due_date < %L::date', v_today);
  elsif p_overdue is false then
    v_where := v_where || format('not (i.status = ''issued'' and i.kind = ''invoice'' and i.balance_minor > 0 and i.due_date < %L::date)', v_today);
  end if;
  if p_organization_id is not null then v_where := v_where || format('i.organization_id = %L::uuid', p_organization_id); end if;
  -- A short period (a month, a quarter) is read day by day below; a long or
  -- open one filters the newest-first scan, which soon finds enough rows.
  if v_days is null or v_days > 92 then
    if p_period_from is not null then v_where := v_where || format('i.period_start >= %L::date', p_period_from); end if;
    if p_period_to is not null then v_where := v_where || format('i.period_start < %L::date', p_period_to); end if;
  end if;
  if nullif(btrim(p_number), '') is not null then
    v_where := v_where || format('i.number like %L', replace(replace(replace(upper(btrim(p_number)), '\', '\\'), '%', '\%'), '_', '\_') || '%');
  end if;
  if p_after_id is not null then
    v_where := v_where || format('(i.created_at, i.id) < (%L::timestamptz, %L::uuid)', p_after_created_at, p_after_id);
  end if;
  if v_days is null or v_days > 92 then
    v_from := format('(select * from public.invoices i where %s order by i.created_at desc, i.id desc limit %s)',
      array_to_string(v_where, ' and '), v_limit);
  else
    -- period_start is not the order's column, so a range on it would read every
    -- row of the period and sort them. Instead each day of the period reads its
    -- newest rows in index order (invoices_period_idx: period_start, created_at,
    -- id) and only those (at most 92 × the page) are merged.
    v_from := format(
      '(select i.* from (select %L::date + k as day from pg_catalog.generate_series(0, %s) k) d
          cross join lateral (select * from public.invoices i where i.period_start = d.day and %s
                               order by i.created_at desc, i.id desc limit %s) i
         order by i.created_at desc, i.id desc limit %s)',
      p_period_from, v_days - 1, array_to_string(v_where, ' and '), v_limit, v_limit);
  end if;
  return query execute format(
    'select i.id, i.kind, i.status, i.number, i.organization_id, coalesce(i.buyer ->> ''name'', (select o.name from public.organizations o where o.id = i.organization_id)),
            i.issue_date, i.due_date,
            i.period_start, i.period_end, i.currency::text, i.subtotal_minor, i.vat_minor, i.total_minor, i.credited_minor, i.paid_minor,
            i.balance_minor, i.payment_status,
            (i.status = ''issued'' and i.kind = ''invoice'' and i.balance_minor > 0 and i.due_date < %L::date),
            i.credited_invoice_id, i.created_at
       from %s i
      order by i.created_at desc, i.id desc',
    v_today, v_from);
end;
$$;
comment on function public.admin_list_invoices(text, text, text, boolean, uuid, date, date, text, timestamptz, uuid, integer) is
  'System administrators only (42501, aal2_required). Invoices and credit notes newest first (created_at, id), keyset-paged (pass the last row''s created_at and id), at most 200 a page (50 by default), filtered by status, kind, payment status, overdue, organisation, period (period_start in [from, to)) and number prefix. 22023 cursor_incomplete, status_invalid, kind_invalid, payment_status_invalid, number_too_long.';
revoke execute on function public.admin_list_invoices(text, text, text, boolean, uuid, date, date, text, timestamptz, uuid, integer) from public, anon;
grant execute on function public.admin_list_invoices(text, text, text, boolean, uuid, date, date, text, timestamptz, uuid, integer) to authenticated;

