-- Membership billing (issue 25; docs/decisions/069-billing-model.md and
-- 070-billing-runs-and-reconciliation.md): the network invoices its members and
-- gets paid. The invoice, its number, its VAT and its corrections live here.
--
-- * Money is bigint minor units (`*_minor`) with an ISO 4217 `currency`; every
--   currency we sell in has two decimals, so a plan's price (numeric, major
--   units) is round(price * 100). VAT rates are basis points (2100 = 21 %).
-- * VAT is computed per rate on the unrounded sum of that rate's lines and
--   rounded once, half away from zero, in private.invoice_vat only.
-- * Writes go only through the security-definer RPCs below, each of which
--   records its network_activity entry in the same transaction. Billing entries
--   keep the organisation in details, not in network_activity.organization_id:
--   the member home shows that column's entries to every member, and plain
--   members see no amounts.
-- * Reads: system administrators (aal2 when they have a factor) read
--   everything; an organisation's administrators read its issued invoices,
--   lines, VAT breakdown, allocations, reminders, profile and membership; a
--   plain member gets billing_standing() only.
-- * An issued invoice (or credit note) is frozen by a trigger that binds every
--   role, service_role and postgres-owned functions included: only its payment
--   state (kept by the database) and the one-time pdf_path/pdf_sha256 change.
-- * Numbers are gapless per series ({prefix}-{YYYY}): a counter row updated in
--   the issuing transaction, so a rolled-back issue frees its number.
-- * "Now" for billing is private.billing_now(): billing_run's p_now, else the
--   setting accord.billing_now (the test clock), else now(). Dates are days in
--   Europe/Amsterdam, where the seller is established.

create extension if not exists pg_trgm with schema extensions;

-- ---------------------------------------------------------------------------
-- The clock and the calendar
-- ---------------------------------------------------------------------------
create function private.billing_now()
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select coalesce(nullif(pg_catalog.current_setting('accord.billing_now', true), '')::timestamptz, pg_catalog.now());
$$;
comment on function private.billing_now() is
  'Billing''s "now": the setting accord.billing_now when set (the test clock; billing_run(p_now) sets it for its transaction), else now().';
revoke execute on function private.billing_now() from public;
grant execute on function private.billing_now() to authenticated, service_role;

create function private.billing_today()
returns date
language sql
stable
set search_path = ''
as $$
  select (private.billing_now() at time zone 'Europe/Amsterdam')::date;
$$;
comment on function private.billing_today() is
  'Billing''s today: the day of private.billing_now() in Europe/Amsterdam (the seller''s time zone). Issue, due and overdue dates are these days.';
revoke execute on function private.billing_today() from public;
grant execute on function private.billing_today() to authenticated, service_role;

create function private.eu_member_state(p_country text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_country = any (array['AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','RO','SK','SI','ES','SE']);
$$;
comment on function private.eu_member_state(text) is
  'Whether an ISO 3166-1 alpha-2 code is one of the 27 EU member states (Greece is GR here; its VAT ids start with EL).';
revoke execute on function private.eu_member_state(text) from public;
grant execute on function private.eu_member_state(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Seller settings and VAT rates
-- ---------------------------------------------------------------------------
create table public.billing_seller_settings (
  id boolean primary key default true check (id),
  legal_name text check (legal_name is null or char_length(btrim(legal_name)) between 1 and 200),
  address_line1 text check (address_line1 is null or char_length(address_line1) <= 200),
  address_line2 text check (address_line2 is null or char_length(address_line2) <= 200),
  postal_code text check (postal_code is null or char_length(postal_code) <= 20),
  city text check (city is null or char_length(city) <= 100),
  country text check (country is null or country ~ '^[A-Z]{2}$'),
  vat_id text check (vat_id is null or vat_id ~ '^[A-Z0-9]{4,20}$'),
  iban text check (iban is null or iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$'),
  bic text check (bic is null or bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  email text check (email is null or char_length(email) <= 254),
  invoice_prefix text not null default 'ACC' check (invoice_prefix ~ '^[A-Z][A-Z0-9-]{0,11}$'),
  credit_note_prefix text not null default 'ACC-CN' check (credit_note_prefix ~ '^[A-Z][A-Z0-9-]{0,11}$'),
  payment_terms_days integer not null default 30 check (payment_terms_days between 0 and 120),
  renewal_lead_days integer not null default 14 check (renewal_lead_days between 0 and 90),
  renewal_grace_days integer not null default 3 check (renewal_grace_days between 0 and 60),
  updated_at timestamptz not null default now(),
  constraint billing_seller_settings_prefixes_differ check (invoice_prefix <> credit_note_prefix)
);
comment on table public.billing_seller_settings is
  'The network as the seller (one row): the legal entity printed on every invoice, its bank account, the series prefixes, payment terms and the renewal run''s lead and grace days. System administrators read it; admin_save_seller_settings writes it. Each invoice keeps its own copy (invoices.seller) from the moment it is issued.';
insert into public.billing_seller_settings (id) values (true);

alter table public.billing_seller_settings enable row level security;
revoke all on table public.billing_seller_settings from anon, authenticated;
grant select on table public.billing_seller_settings to authenticated;
create policy "billing_seller_settings: system admins read"
  on public.billing_seller_settings for select to authenticated
  using ((select private.is_system_admin()));
comment on policy "billing_seller_settings: system admins read" on public.billing_seller_settings is
  'Members see the seller on their invoices (the snapshot), not the settings.';

create table public.billing_vat_rates (
  country text primary key check (country ~ '^[A-Z]{2}$'),
  rate_bp integer not null check (rate_bp between 0 and 10000),
  updated_at timestamptz not null default now()
);
comment on table public.billing_vat_rates is
  'Standard VAT rate per country in basis points (2100 = 21 %). The seller''s country''s rate applies to domestic and EU buyers without a VAT id (decision 069). System administrators read and set them (admin_set_vat_rate).';
alter table public.billing_vat_rates enable row level security;
revoke all on table public.billing_vat_rates from anon, authenticated;
grant select on table public.billing_vat_rates to authenticated;
create policy "billing_vat_rates: system admins read"
  on public.billing_vat_rates for select to authenticated
  using ((select private.is_system_admin()));
comment on policy "billing_vat_rates: system admins read" on public.billing_vat_rates is
  'Rates are back-office settings; an invoice shows the rate it was issued with.';

-- ---------------------------------------------------------------------------
-- Billing profiles
-- ---------------------------------------------------------------------------
create table public.billing_profiles (
  organization_id uuid primary key references public.organizations (id) on delete cascade,
  -- Null: the organisation's reviewed legal name (organizations.legal_name, else its name).
  billing_name text check (billing_name is null or char_length(btrim(billing_name)) between 1 and 200),
  address_line1 text check (address_line1 is null or char_length(address_line1) <= 200),
  address_line2 text check (address_line2 is null or char_length(address_line2) <= 200),
  postal_code text check (postal_code is null or char_length(postal_code) <= 20),
  city text check (city is null or char_length(city) <= 100),
  -- Null: the organisation's registered country.
  country text check (country is null or country ~ '^[A-Z]{2}$'),
  -- Normalised: upper case, no spaces, dots or dashes.
  vat_id text check (vat_id is null or vat_id ~ '^[A-Z0-9]{4,20}$'),
  -- Set by the VAT-number check (record_vat_id_check, service role): null = not checked yet.
  vat_id_format_valid boolean,
  vat_id_checked_at timestamptz,
  billing_email text check (billing_email is null or char_length(billing_email) <= 254),
  po_reference text check (po_reference is null or char_length(po_reference) <= 100),
  updated_at timestamptz not null default now()
);
comment on table public.billing_profiles is
  'Who an organisation''s invoices are addressed to. Its administrators edit it (save_billing_profile); the VAT-number format check is recorded by the service role (record_vat_id_check). Copied into each invoice at issue.';
alter table public.billing_profiles enable row level security;
revoke all on table public.billing_profiles from anon, authenticated;
grant select on table public.billing_profiles to authenticated;
create policy "billing_profiles: organisation admins and system admins read"
  on public.billing_profiles for select to authenticated
  using (organization_id in (select private.admin_organization_ids()) or (select private.is_system_admin()));
comment on policy "billing_profiles: organisation admins and system admins read" on public.billing_profiles is
  'Plain members see the plan and standing (billing_standing), not the billing details.';

-- ---------------------------------------------------------------------------
-- Memberships and their periods
-- ---------------------------------------------------------------------------
create table public.memberships (
  organization_id uuid primary key references public.organizations (id) on delete restrict,
  plan_id uuid not null references public.pricing_plans (id) on delete restrict,
  status text not null default 'active' check (status in ('active', 'ended')),
  started_on date not null,
  current_period_start date not null,
  -- Exclusive: the next period starts on this day.
  current_period_end date not null,
  -- A plan change that takes effect when the next period starts.
  next_plan_id uuid references public.pricing_plans (id) on delete restrict,
  updated_at timestamptz not null default now(),
  constraint memberships_period check (current_period_end > current_period_start and current_period_start >= started_on)
);
comment on table public.memberships is
  'An organisation''s membership: its plan and current period [current_period_start, current_period_end). Started by a system administrator (admin_start_membership); renewed by billing_run. Organisation admins and system admins read it.';
create index memberships_renewal_idx on public.memberships (current_period_end) where status = 'active';
comment on index public.memberships_renewal_idx is 'billing_run''s search for memberships about to renew, and the overview''s upcoming renewals.';
create index memberships_plan_idx on public.memberships (plan_id);
create index memberships_next_plan_idx on public.memberships (next_plan_id) where next_plan_id is not null;

alter table public.memberships enable row level security;
revoke all on table public.memberships from anon, authenticated;
grant select on table public.memberships to authenticated;
create policy "memberships: organisation admins and system admins read"
  on public.memberships for select to authenticated
  using (organization_id in (select private.admin_organization_ids()) or (select private.is_system_admin()));
comment on policy "memberships: organisation admins and system admins read" on public.memberships is
  'Plain members learn the plan and next renewal from billing_standing().';

create table public.membership_periods (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.memberships (organization_id) on delete restrict,
  period_start date not null,
  -- Exclusive. Cut short when a plan change applies now.
  period_end date not null,
  plan_id uuid not null references public.pricing_plans (id) on delete restrict,
  -- The price as plan_price_at gave it when the period was created: a later
  -- price change never rewrites it.
  plan_name text not null,
  unit_amount_minor bigint not null check (unit_amount_minor >= 0),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  billing_period text not null check (billing_period in ('month', 'year')),
  created_at timestamptz not null default now(),
  constraint membership_periods_dates check (period_end > period_start),
  constraint membership_periods_start_key unique (organization_id, period_start)
);
comment on table public.membership_periods is
  'Each period of a membership with the plan''s name, price, currency and billing period snapshotted when the period was created (plan_price_at at its start). Invoices bill periods.';
create index membership_periods_plan_idx on public.membership_periods (plan_id);

alter table public.membership_periods enable row level security;
revoke all on table public.membership_periods from anon, authenticated;
grant select on table public.membership_periods to authenticated;
create policy "membership_periods: organisation admins and system admins read"
  on public.membership_periods for select to authenticated
  using (organization_id in (select private.admin_organization_ids()) or (select private.is_system_admin()));
comment on policy "membership_periods: organisation admins and system admins read" on public.membership_periods is
  'The prices of periods are amounts: not for plain members.';

-- ---------------------------------------------------------------------------
-- Invoices and credit notes
-- ---------------------------------------------------------------------------
create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  -- restrict: issued invoices outlive nothing; an organisation with invoices is suspended, not deleted.
  organization_id uuid not null references public.organizations (id) on delete restrict,
  kind text not null default 'invoice' check (kind in ('invoice', 'credit_note')),
  status text not null default 'draft' check (status in ('draft', 'issued')),
  -- {prefix}-{YYYY}; number is {series}-{000042}. Both null while a draft.
  series text,
  number text unique,
  issue_date date,
  due_date date,
  period_start date,
  -- Exclusive (the document prints the day before).
  period_end date,
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  -- Snapshots taken at issue, in the document's shape (invoice_document).
  seller jsonb,
  buyer jsonb,
  subtotal_minor bigint not null default 0,
  vat_minor bigint not null default 0,
  total_minor bigint not null default 0,
  reverse_charge boolean not null default false,
  vat_note text check (vat_note in ('Reverse charge', 'Outside the scope of EU VAT')),
  credited_invoice_id uuid references public.invoices (id) on delete restrict,
  reason text check (reason is null or char_length(btrim(reason)) between 1 and 500),
  membership_period_id uuid references public.membership_periods (id) on delete restrict,
  rf_reference text unique check (rf_reference is null or rf_reference ~ '^RF[0-9]{2}[0-9A-Z]{1,21}$'),
  pdf_path text,
  pdf_sha256 text check (pdf_sha256 is null or pdf_sha256 ~ '^[0-9a-f]{64}$'),
  -- The billing day the draft was made (billing_run issues it renewal_grace_days later).
  draft_created_on date not null default private.billing_today(),
  created_at timestamptz not null default now(),
  issued_at timestamptz,
  -- Payment state, kept by the database (private.refresh_invoice_balance);
  -- not part of the frozen document. Null payment_status: drafts and credit notes.
  credited_minor bigint not null default 0 check (credited_minor >= 0),
  paid_minor bigint not null default 0,
  refunded_minor bigint not null default 0 check (refunded_minor >= 0),
  balance_minor bigint not null default 0,
  payment_status text check (payment_status in ('unpaid', 'partly_paid', 'paid', 'refunded', 'credited')),
  updated_at timestamptz not null default now(),
  constraint invoices_issued_complete check (
    status = 'draft' or (series is not null and number is not null and issue_date is not null and due_date is not null
      and seller is not null and buyer is not null and issued_at is not null)),
  constraint invoices_draft_unnumbered check (status = 'issued' or (number is null and series is null)),
  constraint invoices_credit_note_fields check (
    (kind = 'credit_note') = (credited_invoice_id is not null) and (kind = 'credit_note' or reason is null)),
  constraint invoices_totals check (total_minor = subtotal_minor + vat_minor and subtotal_minor >= 0 and vat_minor >= 0),
  constraint invoices_credit_within_total check (credited_minor <= total_minor),
  constraint invoices_payment_state check ((payment_status is null) = (status = 'draft' or kind = 'credit_note')),
  constraint invoices_pdf_pair check ((pdf_path is null) = (pdf_sha256 is null))
);
comment on table public.invoices is
  'Invoices and credit notes (kind). Drafts are unnumbered and editable by the database; issuing numbers one gaplessly in its series, snapshots seller and buyer, fixes the VAT and freezes the document (private.refuse_issued_invoice_change). Credit notes reference their invoice and reduce its balance; payment state (credited/paid/refunded/balance/payment_status) is kept beside the document. Organisation admins read their issued ones; system admins read all.';
comment on column public.invoices.payment_status is
  'unpaid, partly_paid, paid (balance ≤ 0), refunded (money came and went back), credited (fully credited); null for drafts and credit notes. Overdue is derived: issued, balance > 0, due_date before billing today.';
comment on column public.invoices.balance_minor is
  'total − credited − (paid − refunded). Negative: the member is owed money back.';

-- Keyset listing (admin_list_invoices): newest first with each filter.
create index invoices_list_idx on public.invoices (created_at desc, id desc);
create index invoices_organization_list_idx on public.invoices (organization_id, created_at desc, id desc);
create index invoices_status_list_idx on public.invoices (status, created_at desc, id desc);
create index invoices_kind_list_idx on public.invoices (kind, created_at desc, id desc);
create index invoices_payment_status_list_idx on public.invoices (payment_status, created_at desc, id desc) where payment_status is not null;
create index invoices_open_list_idx on public.invoices (created_at desc, id desc)
  where status = 'issued' and kind = 'invoice' and balance_minor > 0;
create index invoices_period_idx on public.invoices (period_start, created_at desc, id desc);
create index invoices_number_prefix_idx on public.invoices (number text_pattern_ops) where number is not null;
-- The overview's outstanding, overdue and ageing sums, and the overdue list.
create index invoices_open_due_idx on public.invoices (due_date, currency, organization_id) include (balance_minor)
  where status = 'issued' and kind = 'invoice' and balance_minor > 0;
create index invoices_credited_invoice_idx on public.invoices (credited_invoice_id) where credited_invoice_id is not null;
create index invoices_membership_period_idx on public.invoices (membership_period_id) where membership_period_id is not null;
create index invoices_drafts_idx on public.invoices (draft_created_on) where status = 'draft';
comment on index public.invoices_drafts_idx is 'billing_run''s drafts past their grace days.';

alter table public.invoices enable row level security;
revoke all on table public.invoices from anon, authenticated;
grant select on table public.invoices to authenticated;
create policy "invoices: organisation admins read issued, system admins all"
  on public.invoices for select to authenticated
  using ((status = 'issued' and organization_id in (select private.admin_organization_ids()))
         or (select private.is_system_admin()));
comment on policy "invoices: organisation admins read issued, system admins all" on public.invoices is
  'Drafts are the back office''s; plain members see no invoices (billing_standing says whether the account is in good standing).';

create table public.invoice_lines (
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  position integer not null check (position between 1 and 1000),
  description text not null check (char_length(btrim(description)) between 1 and 500),
  quantity integer not null default 1 check (quantity between 1 and 1000000),
  unit_amount_minor bigint not null check (unit_amount_minor >= 0),
  amount_minor bigint not null check (amount_minor >= 0),
  -- Null on a draft line until issue: the buyer's VAT regime decides it then.
  vat_rate_bp integer check (vat_rate_bp between 0 and 10000),
  period_start date,
  period_end date,
  primary key (invoice_id, position),
  constraint invoice_lines_amount check (amount_minor = quantity * unit_amount_minor)
);
comment on table public.invoice_lines is
  'The lines of an invoice or credit note (positive amounts on both). Frozen with their invoice once issued.';
alter table public.invoice_lines enable row level security;
revoke all on table public.invoice_lines from anon, authenticated;
grant select on table public.invoice_lines to authenticated;
create policy "invoice_lines: as their invoice"
  on public.invoice_lines for select to authenticated
  using (exists (select 1 from public.invoices i where i.id = invoice_id));
comment on policy "invoice_lines: as their invoice" on public.invoice_lines is
  'Whoever may read the invoice (its policy applies inside the exists) reads its lines.';

create table public.invoice_vat_breakdown (
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  rate_bp integer not null check (rate_bp between 0 and 10000),
  taxable_minor bigint not null,
  vat_minor bigint not null,
  primary key (invoice_id, rate_bp)
);
comment on table public.invoice_vat_breakdown is
  'Taxable amount and VAT per rate of each invoice (VAT Directive art. 226(8)-(10)), written by private.refresh_invoice_totals from private.invoice_vat; frozen with the invoice.';
alter table public.invoice_vat_breakdown enable row level security;
revoke all on table public.invoice_vat_breakdown from anon, authenticated;
grant select on table public.invoice_vat_breakdown to authenticated;
create policy "invoice_vat_breakdown: as their invoice"
  on public.invoice_vat_breakdown for select to authenticated
  using (exists (select 1 from public.invoices i where i.id = invoice_id));
comment on policy "invoice_vat_breakdown: as their invoice" on public.invoice_vat_breakdown is
  'Whoever may read the invoice reads its VAT per rate.';

create table private.invoice_series_counters (
  series text primary key,
  next_value bigint not null check (next_value >= 1)
);
comment on table private.invoice_series_counters is
  'The next number of each series ({prefix}-{YYYY}). Taken by update … returning in the issuing transaction: the row lock serialises issues of one series and a rollback gives the number back (no sequence: those leave gaps).';
revoke all on table private.invoice_series_counters from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Payments, allocations, refunds
-- ---------------------------------------------------------------------------
create table public.payments (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete restrict,
  amount_minor bigint not null check (amount_minor > 0),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  received_on date not null,
  method text not null check (method in ('bank_transfer', 'card', 'other')),
  reference text check (reference is null or char_length(reference) <= 200),
  idempotency_key text not null unique check (char_length(idempotency_key) between 1 and 200),
  recorded_by uuid,
  created_at timestamptz not null default now()
);
comment on table public.payments is
  'Money received from a member (never negative: refunds are payment_refunds). The idempotency key makes a retried or doubled recording answer the first one. Allocated to invoices in payment_allocations; any rest stays unallocated.';
create index payments_organization_idx on public.payments (organization_id, received_on desc);
alter table public.payments enable row level security;
revoke all on table public.payments from anon, authenticated;
grant select on table public.payments to authenticated;
create policy "payments: organisation admins and system admins read"
  on public.payments for select to authenticated
  using (organization_id in (select private.admin_organization_ids()) or (select private.is_system_admin()));
comment on policy "payments: organisation admins and system admins read" on public.payments is
  'An organisation''s administrators see what they paid; plain members see no amounts.';

create table public.payment_allocations (
  payment_id uuid not null references public.payments (id) on delete restrict,
  invoice_id uuid not null references public.invoices (id) on delete restrict,
  amount_minor bigint not null check (amount_minor > 0),
  created_at timestamptz not null default now(),
  primary key (payment_id, invoice_id)
);
comment on table public.payment_allocations is 'How much of a payment settles which invoice.';
create index payment_allocations_invoice_idx on public.payment_allocations (invoice_id);
alter table public.payment_allocations enable row level security;
revoke all on table public.payment_allocations from anon, authenticated;
grant select on table public.payment_allocations to authenticated;
create policy "payment_allocations: as their invoice"
  on public.payment_allocations for select to authenticated
  using (exists (select 1 from public.invoices i where i.id = invoice_id));
comment on policy "payment_allocations: as their invoice" on public.payment_allocations is
  'Whoever may read the invoice sees what paid it.';

create table public.payment_refunds (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null references public.payments (id) on delete restrict,
  invoice_id uuid not null references public.invoices (id) on delete restrict,
  amount_minor bigint not null check (amount_minor > 0),
  refunded_on date not null,
  reason text check (reason is null or char_length(reason) <= 500),
  idempotency_key text not null unique check (char_length(idempotency_key) between 1 and 200),
  recorded_by uuid,
  created_at timestamptz not null default now()
);
comment on table public.payment_refunds is
  'Money paid back against an allocation (admin_record_refund); never more than was allocated.';
create index payment_refunds_invoice_idx on public.payment_refunds (invoice_id);
create index payment_refunds_payment_idx on public.payment_refunds (payment_id);
alter table public.payment_refunds enable row level security;
revoke all on table public.payment_refunds from anon, authenticated;
grant select on table public.payment_refunds to authenticated;
create policy "payment_refunds: as their invoice"
  on public.payment_refunds for select to authenticated
  using (exists (select 1 from public.invoices i where i.id = invoice_id));
comment on policy "payment_refunds: as their invoice" on public.payment_refunds is
  'Whoever may read the invoice sees what was paid back.';

-- ---------------------------------------------------------------------------
-- Reminders
-- ---------------------------------------------------------------------------
create table public.billing_reminders (
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  kind text not null check (kind in ('before_due', 'due', 'overdue_7', 'overdue_14')),
  queued_at timestamptz not null default now(),
  primary key (invoice_id, kind)
);
comment on table public.billing_reminders is
  'Each reminder billing_run queued (once per invoice and kind, as notifications to the organisation''s administrators).';
alter table public.billing_reminders enable row level security;
revoke all on table public.billing_reminders from anon, authenticated;
grant select on table public.billing_reminders to authenticated;
create policy "billing_reminders: as their invoice"
  on public.billing_reminders for select to authenticated
  using (exists (select 1 from public.invoices i where i.id = invoice_id));
comment on policy "billing_reminders: as their invoice" on public.billing_reminders is
  'Whoever may read the invoice sees which reminders went out.';

-- ---------------------------------------------------------------------------
-- Bank statements
-- ---------------------------------------------------------------------------
create table public.bank_statements (
  id uuid primary key default gen_random_uuid(),
  file_name text not null check (char_length(file_name) between 1 and 255),
  format text not null check (format in ('camt053', 'csv')),
  uploaded_by uuid,
  uploaded_at timestamptz not null default now(),
  sha256 text not null unique check (sha256 ~ '^[0-9a-f]{64}$')
);
comment on table public.bank_statements is
  'An uploaded bank statement (parsed in the browser, imported by admin_import_bank_statement). The same file (sha256) imports once.';
alter table public.bank_statements enable row level security;
revoke all on table public.bank_statements from anon, authenticated;
grant select on table public.bank_statements to authenticated;
create policy "bank_statements: system admins read"
  on public.bank_statements for select to authenticated
  using ((select private.is_system_admin()));
comment on policy "bank_statements: system admins read" on public.bank_statements is
  'The network''s own bank account: back office only.';

create table public.bank_statement_lines (
  statement_id uuid not null references public.bank_statements (id) on delete cascade,
  line_no integer not null check (line_no >= 1),
  booked_on date not null,
  -- Credits positive, debits negative; only credits are matched.
  amount_minor bigint not null,
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  counterparty_name text check (counterparty_name is null or char_length(counterparty_name) <= 300),
  remittance text check (remittance is null or char_length(remittance) <= 1000),
  end_to_end_id text check (end_to_end_id is null or char_length(end_to_end_id) <= 100),
  matched_invoice_id uuid references public.invoices (id) on delete restrict,
  match_reason text check (match_reason in ('rf_reference', 'amount_and_name', 'manual')),
  payment_id uuid references public.payments (id) on delete restrict,
  primary key (statement_id, line_no),
  constraint bank_statement_lines_match check ((matched_invoice_id is null) = (match_reason is null)),
  constraint bank_statement_lines_paid check (payment_id is null or matched_invoice_id is not null)
);
comment on table public.bank_statement_lines is
  'The lines of a statement with the database''s proposed match (rf_reference, or exact amount and a similar name; manual when an administrator chose) and, once confirmed, the payment recorded.';
create index bank_statement_lines_invoice_idx on public.bank_statement_lines (matched_invoice_id) where matched_invoice_id is not null;
create index bank_statement_lines_payment_idx on public.bank_statement_lines (payment_id) where payment_id is not null;
alter table public.bank_statement_lines enable row level security;
revoke all on table public.bank_statement_lines from anon, authenticated;
grant select on table public.bank_statement_lines to authenticated;
create policy "bank_statement_lines: system admins read"
  on public.bank_statement_lines for select to authenticated
  using ((select private.is_system_admin()));
comment on policy "bank_statement_lines: system admins read" on public.bank_statement_lines is
  'The network''s own bank account: back office only.';

-- ---------------------------------------------------------------------------
-- The frozen document
-- ---------------------------------------------------------------------------
create function private.refuse_issued_invoice_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  -- What the database keeps beside the document.
  v_mutable text[] := array['credited_minor', 'paid_minor', 'refunded_minor', 'balance_minor', 'payment_status', 'updated_at', 'pdf_path', 'pdf_sha256'];
begin
  if tg_op = 'DELETE' then
    if old.status = 'issued' then
      raise exception using errcode = 'object_not_in_prerequisite_state', message = 'invoice_issued_frozen',
        detail = 'An issued invoice or credit note is never deleted; correct it with a credit note.';
    end if;
    return old;
  end if;
  if old.status = 'issued' then
    if (to_jsonb(new) - v_mutable) is distinct from (to_jsonb(old) - v_mutable)
       or (old.pdf_path is not null and (new.pdf_path is distinct from old.pdf_path or new.pdf_sha256 is distinct from old.pdf_sha256)) then
      raise exception using errcode = 'object_not_in_prerequisite_state', message = 'invoice_issued_frozen',
        detail = 'An issued invoice or credit note cannot be changed; correct it with a credit note.';
    end if;
  end if;
  new.updated_at := now();
  return new;
end;
$$;
comment on function private.refuse_issued_invoice_change() is
  'Before update or delete on invoices: an issued row is never deleted, and only its payment state and (once, from null) pdf_path/pdf_sha256 change. 55000 invoice_issued_frozen. Binds every role: a trigger is not bypassed by service_role or by security-definer functions.';
revoke execute on function private.refuse_issued_invoice_change() from public;

create trigger invoices_frozen_after_issue
  before update or delete on public.invoices
  for each row execute function private.refuse_issued_invoice_change();

create function private.refuse_issued_invoice_part_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_invoice_id uuid := case when tg_op = 'INSERT' then new.invoice_id else old.invoice_id end;
begin
  if exists (select 1 from public.invoices i where i.id = v_invoice_id and i.status = 'issued')
     -- Cascading from a draft invoice's delete finds no invoice row: allowed.
     or (tg_op = 'UPDATE' and exists (select 1 from public.invoices i where i.id = new.invoice_id and i.status = 'issued')) then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'invoice_issued_frozen',
      detail = 'The lines and VAT of an issued invoice or credit note cannot be changed.';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
comment on function private.refuse_issued_invoice_part_change() is
  'Before insert, update or delete on invoice_lines and invoice_vat_breakdown: refused (55000 invoice_issued_frozen) once their invoice is issued.';
revoke execute on function private.refuse_issued_invoice_part_change() from public;

create trigger invoice_lines_frozen_after_issue
  before insert or update or delete on public.invoice_lines
  for each row execute function private.refuse_issued_invoice_part_change();
create trigger invoice_vat_breakdown_frozen_after_issue
  before insert or update or delete on public.invoice_vat_breakdown
  for each row execute function private.refuse_issued_invoice_part_change();

create function private.refuse_invoice_truncate()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'object_not_in_prerequisite_state', message = 'invoice_issued_frozen',
    detail = 'Invoices and their lines are never truncated.';
end;
$$;
comment on function private.refuse_invoice_truncate() is 'Before truncate on invoices and their parts: refused, since truncate skips row triggers.';
revoke execute on function private.refuse_invoice_truncate() from public;
create trigger invoices_no_truncate before truncate on public.invoices
  for each statement execute function private.refuse_invoice_truncate();
create trigger invoice_lines_no_truncate before truncate on public.invoice_lines
  for each statement execute function private.refuse_invoice_truncate();
create trigger invoice_vat_breakdown_no_truncate before truncate on public.invoice_vat_breakdown
  for each statement execute function private.refuse_invoice_truncate();

-- ---------------------------------------------------------------------------
-- VAT: the one rule
-- ---------------------------------------------------------------------------
create function private.invoice_vat(p_amounts bigint[], p_rates integer[])
returns table (rate_bp integer, taxable_minor bigint, vat_minor bigint)
language sql
immutable
set search_path = ''
as $$
  -- Per rate on the unrounded sum of its lines; numeric round() rounds half away from zero.
  select l.rate, sum(l.amount)::bigint, round(sum(l.amount)::numeric * l.rate / 10000.0)::bigint
    from unnest(p_amounts, p_rates) as l(amount, rate)
   group by l.rate
   order by l.rate desc;
$$;
comment on function private.invoice_vat(bigint[], integer[]) is
  'THE VAT rule (decision 069): lines'' amounts (minor units) with their rates (basis points) → per rate: the sum of the lines and its VAT, round(sum * rate / 10000) in numeric, half away from zero, rounded once per rate.';
revoke execute on function private.invoice_vat(bigint[], integer[]) from public;

-- The VAT regime for a buyer: reverse charge, outside the EU, or the seller's country's rate.
create function private.vat_regime(p_organization_id uuid)
returns table (reverse_charge boolean, vat_note text, rate_bp integer)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_seller_country text;
  v_country text;
  v_vat_id text;
  v_valid boolean;
  v_rate integer;
begin
  select s.country into v_seller_country from public.billing_seller_settings s;
  select coalesce(p.country, o.country), p.vat_id, p.vat_id_format_valid
    into v_country, v_vat_id, v_valid
    from public.organizations o
    left join public.billing_profiles p on p.organization_id = o.id
   where o.id = p_organization_id;
  v_country := coalesce(v_country, v_seller_country);
  if v_country is distinct from v_seller_country and private.eu_member_state(v_country)
     and v_vat_id is not null and v_valid is true then
    return query select true, 'Reverse charge'::text, 0;
    return;
  end if;
  if v_country is not null and not private.eu_member_state(v_country) then
    return query select false, 'Outside the scope of EU VAT'::text, 0;
    return;
  end if;
  select r.rate_bp into v_rate from public.billing_vat_rates r where r.country = v_seller_country;
  if v_rate is null then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'vat_rate_missing',
      detail = format('No VAT rate is set for the seller''s country (%s).', coalesce(v_seller_country, 'not set'));
  end if;
  return query select false, null::text, v_rate;
end;
$$;
comment on function private.vat_regime(uuid) is
  'Decision 069: an EU buyer outside the seller''s country with a format-valid VAT id → reverse charge at 0 %; a buyer outside the EU → 0 %, "Outside the scope of EU VAT"; anyone else → the seller''s country''s rate (55000 vat_rate_missing when unset).';
revoke execute on function private.vat_regime(uuid) from public;

-- Recomputes a draft's (or a just-issued document's) totals and breakdown from its lines.
create function private.refresh_invoice_totals(p_invoice_id uuid, p_default_rate integer)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_amounts bigint[];
  v_rates integer[];
begin
  select coalesce(array_agg(l.amount_minor order by l.position), '{}'),
         coalesce(array_agg(coalesce(l.vat_rate_bp, p_default_rate) order by l.position), '{}')
    into v_amounts, v_rates
    from public.invoice_lines l where l.invoice_id = p_invoice_id;
  delete from public.invoice_vat_breakdown b where b.invoice_id = p_invoice_id;
  insert into public.invoice_vat_breakdown (invoice_id, rate_bp, taxable_minor, vat_minor)
  select p_invoice_id, v.rate_bp, v.taxable_minor, v.vat_minor from private.invoice_vat(v_amounts, v_rates) v;
  update public.invoices i
     set subtotal_minor = t.subtotal, vat_minor = t.vat, total_minor = t.subtotal + t.vat
    from (select coalesce(sum(b.taxable_minor), 0)::bigint as subtotal, coalesce(sum(b.vat_minor), 0)::bigint as vat
            from public.invoice_vat_breakdown b where b.invoice_id = p_invoice_id) t
   where i.id = p_invoice_id;
end;
$$;
comment on function private.refresh_invoice_totals(uuid, integer) is
  'Writes invoice_vat_breakdown from private.invoice_vat over the lines (a line without a rate counts at p_default_rate) and sets subtotal, VAT and total. Only while the invoice is a draft (the frozen triggers refuse it after).';
revoke execute on function private.refresh_invoice_totals(uuid, integer) from public;

-- ---------------------------------------------------------------------------
-- ISO 11649 creditor reference
-- ---------------------------------------------------------------------------
-- Hand-written: Postgres has no library for it (decision 069); billing-docs
-- checks this against a JavaScript implementation.
create function private.rf_reference(p_reference text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_ref text := upper(regexp_replace(coalesce(p_reference, ''), '[^A-Za-z0-9]', '', 'g'));
  v_digits text := '';
  v_char text;
  v_mod integer := 0;
  i integer;
begin
  if char_length(v_ref) not between 1 and 21 then
    raise exception using errcode = 'invalid_parameter_value', message = 'rf_reference_invalid',
      detail = 'A creditor reference holds 1 to 21 letters and digits.';
  end if;
  -- The reference, then "RF00", letters as 10..35, mod 97, check = 98 − mod.
  foreach v_char in array regexp_split_to_array(v_ref || 'RF00', '') loop
    v_digits := v_digits || case when v_char ~ '[0-9]' then v_char else (ascii(v_char) - 55)::text end;
  end loop;
  -- Piecewise, so the number never outgrows an integer.
  for i in 1 .. char_length(v_digits) loop
    v_mod := (v_mod * 10 + substr(v_digits, i, 1)::integer) % 97;
  end loop;
  return 'RF' || lpad((98 - v_mod)::text, 2, '0') || v_ref;
end;
$$;
comment on function private.rf_reference(text) is
  'ISO 11649 structured creditor reference for a reference of up to 21 letters and digits (anything else is dropped): RF, two check digits (98 − mod 97 of reference||RF00 with A=10 … Z=35), the reference. 22023 rf_reference_invalid.';
revoke execute on function private.rf_reference(text) from public;
grant execute on function private.rf_reference(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Payment state
-- ---------------------------------------------------------------------------
create function private.refresh_invoice_balance(p_invoice_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  update public.invoices i
     set credited_minor = s.credited, paid_minor = s.paid, refunded_minor = s.refunded,
         balance_minor = i.total_minor - s.credited - (s.paid - s.refunded),
         payment_status = case
           when s.credited >= i.total_minor and i.total_minor > 0 then 'credited'
           when s.refunded > 0 and s.paid - s.refunded <= 0 then 'refunded'
           when i.total_minor - s.credited - (s.paid - s.refunded) <= 0 then 'paid'
           when s.paid - s.refunded > 0 then 'partly_paid'
           else 'unpaid' end
    from (select
            coalesce((select sum(c.total_minor) from public.invoices c
                       where c.credited_invoice_id = p_invoice_id and c.status = 'issued'), 0)::bigint as credited,
            coalesce((select sum(a.amount_minor) from public.payment_allocations a where a.invoice_id = p_invoice_id), 0)::bigint as paid,
            coalesce((select sum(r.amount_minor) from public.payment_refunds r where r.invoice_id = p_invoice_id), 0)::bigint as refunded) s
   where i.id = p_invoice_id and i.kind = 'invoice' and i.status = 'issued';
end;
$$;
comment on function private.refresh_invoice_balance(uuid) is
  'Recomputes an issued invoice''s credited, paid, refunded, balance and payment_status from its credit notes, allocations and refunds. Called by the triggers on those.';
revoke execute on function private.refresh_invoice_balance(uuid) from public;

create function private.refresh_invoice_balance_trigger()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_table_name = 'invoices' then
    if new.kind = 'credit_note' then
      perform private.refresh_invoice_balance(new.credited_invoice_id);
    else
      perform private.refresh_invoice_balance(new.id);
    end if;
  else
    perform private.refresh_invoice_balance(new.invoice_id);
  end if;
  return null;
end;
$$;
comment on function private.refresh_invoice_balance_trigger() is
  'After an invoice or credit note is issued, or an allocation or refund is written: refreshes the invoice''s payment state.';
revoke execute on function private.refresh_invoice_balance_trigger() from public;

create trigger invoices_balance_on_issue
  after update of status on public.invoices
  for each row when (old.status = 'draft' and new.status = 'issued')
  execute function private.refresh_invoice_balance_trigger();
create trigger invoices_balance_on_insert
  after insert on public.invoices
  for each row when (new.status = 'issued')
  execute function private.refresh_invoice_balance_trigger();
create trigger payment_allocations_balance
  after insert on public.payment_allocations
  for each row execute function private.refresh_invoice_balance_trigger();
create trigger payment_refunds_balance
  after insert on public.payment_refunds
  for each row execute function private.refresh_invoice_balance_trigger();

-- ---------------------------------------------------------------------------
-- Shared checks
-- ---------------------------------------------------------------------------
create function private.require_billing_reader(p_organization_id uuid, p_admin boolean)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = 'insufficient_privilege', message = 'not_authenticated', detail = 'Sign in first.';
  end if;
  if private.is_system_admin() then
    return;
  end if;
  if p_admin and private.is_organization_admin(p_organization_id) then
    return;
  end if;
  if not p_admin and p_organization_id in (select private.member_organization_ids()) then
    return;
  end if;
  -- A system administrator at aal1 hears why.
  if private.holds_system_admin_grant() then
    perform private.raise_aal2_required('see billing');
  end if;
  if p_admin then
    raise exception using errcode = 'insufficient_privilege', message = 'not_organization_admin',
      detail = 'Only the organisation''s administrators can see or change its billing.';
  end if;
  raise exception using errcode = 'insufficient_privilege', message = 'not_organization_member',
    detail = 'Only members of the organisation can see its standing.';
end;
$$;
comment on function private.require_billing_reader(uuid, boolean) is
  'Raises 42501 unless the caller is a system administrator (aal2_required at aal1 with a factor) or, with p_admin, an administrator of the organisation (not_organization_admin), else a member of it (not_organization_member).';
revoke execute on function private.require_billing_reader(uuid, boolean) from public;

create function private.billing_activity(p_action text, p_organization_id uuid, p_details jsonb)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  -- organization_id stays null: the member home shows that column's entries to every member.
  insert into public.network_activity (actor_id, action, details)
  values (auth.uid(), p_action, jsonb_strip_nulls(coalesce(p_details, '{}') || jsonb_build_object('organization_id', p_organization_id)));
$$;
comment on function private.billing_activity(text, uuid, jsonb) is
  'Records a billing action in network_activity (the organisation in details, decision 069).';
revoke execute on function private.billing_activity(text, uuid, jsonb) from public;

-- Tells each administrator of the organisation (notifications, and e-mail by their preference).
create function private.notify_billing(p_organization_id uuid, p_kind public.notification_kind, p_title text, p_body text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer := 0;
  v_user uuid;
begin
  for v_user in
    select m.user_id from public.organization_members m
     where m.organization_id = p_organization_id and m.role = 'admin' order by m.user_id
  loop
    perform private.notify(v_user, p_organization_id, p_kind, p_title, p_body, '/dashboard/billing');
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;
comment on function private.notify_billing(uuid, public.notification_kind, text, text) is
  'Notifies every administrator of the organisation (link /dashboard/billing); returns how many.';
revoke execute on function private.notify_billing(uuid, public.notification_kind, text, text) from public;

create function private.format_money(p_minor bigint, p_currency text)
returns text
language sql
immutable
set search_path = ''
as $$
  select p_currency || ' ' || to_char(p_minor / 100.0, 'FM999G999G999G990D00');
$$;
comment on function private.format_money(bigint, text) is 'An amount for a notification''s text, e.g. EUR 1,452.00.';
revoke execute on function private.format_money(bigint, text) from public;

create function private.lock_invoice(p_invoice_id uuid)
returns public.invoices
language plpgsql
set search_path = ''
as $$
declare
  v_invoice public.invoices%rowtype;
begin
  select * into v_invoice from public.invoices i where i.id = p_invoice_id for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'invoice_not_found', detail = 'This invoice does not exist.';
  end if;
  return v_invoice;
end;
$$;
comment on function private.lock_invoice(uuid) is 'The invoice, locked for the calling function; P0002 invoice_not_found.';
revoke execute on function private.lock_invoice(uuid) from public;

-- ---------------------------------------------------------------------------
-- Snapshots
-- ---------------------------------------------------------------------------
create function private.seller_document()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'name', s.legal_name,
    'addressLines', to_jsonb(array_remove(array[s.address_line1, s.address_line2,
      nullif(btrim(concat_ws(' ', s.postal_code, s.city)), '')], null)),
    'country', s.country, 'vatId', s.vat_id, 'iban', s.iban, 'bic', s.bic, 'email', s.email,
    'termsDays', s.payment_terms_days)
    from public.billing_seller_settings s;
$$;
comment on function private.seller_document() is
  'The seller settings in the document''s shape, complete or not (a draft''s document shows them as they stand).';
revoke execute on function private.seller_document() from public;

create function private.seller_snapshot()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  s public.billing_seller_settings%rowtype;
begin
  select * into s from public.billing_seller_settings;
  if s.legal_name is null or s.address_line1 is null or s.city is null or s.country is null
     or s.iban is null or s.bic is null or s.vat_id is null then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'seller_settings_incomplete',
      detail = 'Fill in the seller''s legal name, address, VAT id, IBAN and BIC before issuing invoices.';
  end if;
  return private.seller_document();
end;
$$;
comment on function private.seller_snapshot() is
  'The seller as printed on an invoice (document shape); 55000 seller_settings_incomplete without name, address, VAT id, IBAN or BIC.';
revoke execute on function private.seller_snapshot() from public;

create function private.buyer_snapshot(p_organization_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'name', coalesce(p.billing_name, o.legal_name, o.name),
    'addressLines', to_jsonb(array_remove(array[p.address_line1, p.address_line2,
      nullif(btrim(concat_ws(' ', p.postal_code, p.city)), '')], null)),
    'country', coalesce(p.country, o.country),
    'vatId', p.vat_id,
    'poReference', p.po_reference,
    'email', p.billing_email)
    from public.organizations o
    left join public.billing_profiles p on p.organization_id = o.id
   where o.id = p_organization_id;
$$;
comment on function private.buyer_snapshot(uuid) is
  'The buyer as printed on an invoice: billing name (else the reviewed legal name, else the name), address, country, VAT id, PO reference.';
revoke execute on function private.buyer_snapshot(uuid) from public;

-- ---------------------------------------------------------------------------
-- Numbering and issuing
-- ---------------------------------------------------------------------------
create function private.next_invoice_number(p_series text)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_value bigint;
begin
  -- The row lock is held until commit: the next issue in this series waits,
  -- and a rollback hands the same number to it.
  insert into private.invoice_series_counters as c (series, next_value) values (p_series, 2)
  on conflict (series) do update set next_value = c.next_value + 1
  returning c.next_value - 1 into v_value;
  return p_series || '-' || lpad(v_value::text, 6, '0');
end;
$$;
comment on function private.next_invoice_number(text) is
  'The next number in a series ({series}-{000042}), taken inside the caller''s transaction: gapless, and freed by a rollback.';
revoke execute on function private.next_invoice_number(text) from public;

create function private.issue_invoice(p_invoice_id uuid)
returns public.invoices
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices%rowtype;
  v_reverse boolean;
  v_vat_note text;
  v_rate integer;
  v_seller jsonb;
  v_buyer jsonb;
  v_settings public.billing_seller_settings%rowtype;
  v_today date := private.billing_today();
  v_series text;
  v_number text;
begin
  v_invoice := private.lock_invoice(p_invoice_id);
  if v_invoice.status <> 'draft' then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'invoice_not_draft',
      detail = 'This invoice is already issued.';
  end if;
  if not exists (select 1 from public.invoice_lines l where l.invoice_id = p_invoice_id) then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'invoice_without_lines',
      detail = 'An invoice needs at least one line.';
  end if;
  v_seller := private.seller_snapshot();
  select * into v_settings from public.billing_seller_settings;
  if v_invoice.kind = 'invoice' then
    select r.reverse_charge, r.vat_note, r.rate_bp into v_reverse, v_vat_note, v_rate from private.vat_regime(v_invoice.organization_id) r;
    -- The regime decides the rate of every line without one; reverse charge and
    -- outside-the-EU put every line at 0 %.
    update public.invoice_lines l
       set vat_rate_bp = case when v_vat_note is not null then 0 else coalesce(l.vat_rate_bp, v_rate) end
     where l.invoice_id = p_invoice_id;
    perform private.refresh_invoice_totals(p_invoice_id, v_rate);
    v_buyer := private.buyer_snapshot(v_invoice.organization_id);
  else
    -- A credit note has its invoice's parties and VAT treatment, and the
    -- amounts private.create_credit_note wrote.
    select i.reverse_charge, i.vat_note, i.buyer into v_reverse, v_vat_note, v_buyer
      from public.invoices i where i.id = v_invoice.credited_invoice_id;
  end if;
  v_series := (case v_invoice.kind when 'invoice' then v_settings.invoice_prefix else v_settings.credit_note_prefix end)
    || '-' || to_char(v_today, 'YYYY');
  v_number := private.next_invoice_number(v_series);
  update public.invoices i
     set status = 'issued', series = v_series, number = v_number, issue_date = v_today,
         due_date = case when i.kind = 'invoice' then v_today + v_settings.payment_terms_days else v_today end,
         seller = v_seller, buyer = v_buyer,
         reverse_charge = v_reverse, vat_note = v_vat_note,
         rf_reference = case when i.kind = 'invoice' then private.rf_reference(v_number) end,
         issued_at = private.billing_now(),
         -- Payment state starts here; the balance trigger keeps it from now on.
         payment_status = case when i.kind = 'invoice' then 'unpaid' end,
         balance_minor = case when i.kind = 'invoice' then i.total_minor else 0 end
   where i.id = p_invoice_id
  returning * into v_invoice;
  perform private.billing_activity(
    case v_invoice.kind when 'invoice' then 'invoice.issued' else 'credit_note.issued' end,
    v_invoice.organization_id,
    jsonb_build_object('invoice_id', v_invoice.id, 'number', v_invoice.number, 'total_minor', v_invoice.total_minor,
      'currency', v_invoice.currency, 'credited_invoice_id', v_invoice.credited_invoice_id));
  perform private.notify_billing(v_invoice.organization_id, 'invoice_issued',
    case v_invoice.kind when 'invoice' then format('Invoice %s', v_invoice.number) else format('Credit note %s', v_invoice.number) end,
    case v_invoice.kind
      when 'invoice' then format('Your invoice for %s is ready, due on %s.', private.format_money(v_invoice.total_minor, v_invoice.currency), to_char(v_invoice.due_date, 'FMDD FMMonth YYYY'))
      else format('A credit note for %s was issued.', private.format_money(v_invoice.total_minor, v_invoice.currency)) end);
  return v_invoice;
end;
$$;
comment on function private.issue_invoice(uuid) is
  'Issues a draft: applies the buyer''s VAT regime to its lines, computes VAT (private.invoice_vat), takes the next number of its series in this transaction, snapshots seller and buyer, sets issue and due dates and the RF reference, records invoice.issued / credit_note.issued and notifies the organisation''s administrators. 55000 invoice_not_draft, invoice_without_lines, seller_settings_incomplete, vat_rate_missing; P0002 invoice_not_found.';
revoke execute on function private.issue_invoice(uuid) from public;

-- ---------------------------------------------------------------------------
-- Periods and drafts
-- ---------------------------------------------------------------------------
create function private.period_end(p_start date, p_billing_period text)
returns date
language sql
immutable
set search_path = ''
as $$
  select (p_start + case p_billing_period when 'year' then interval '1 year' else interval '1 month' end)::date;
$$;
comment on function private.period_end(date, text) is 'The exclusive end of a period of one month or one year starting on p_start.';
revoke execute on function private.period_end(date, text) from public;

-- Periods [start, …) of plans, priced as plan_price_at says at their start,
-- each with its draft invoice: set-based, so billing_run drafts thousands in
-- a few statements. Rows whose plan has no price at all are left out.
create function private.create_period_drafts(p_organization_ids uuid[], p_plan_ids uuid[], p_starts date[], p_ends date[])
returns table (organization_id uuid, invoice_id uuid)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if to_regclass('pg_temp.billing_new_drafts') is null then
    create temporary table billing_new_drafts (
      organization_id uuid, period_id uuid, invoice_id uuid, rate_bp integer
    ) on commit drop;
  end if;
  truncate pg_temp.billing_new_drafts;
  with wanted as (
    select w.org, w.plan, w.start, w.stop
      from unnest(p_organization_ids, p_plan_ids, p_starts, p_ends) as w(org, plan, start, stop)
  ), priced as (
    select w.org, w.plan, w.start, w.stop, p.name, h.price, h.currency, h.billing_period
      from wanted w
      join public.pricing_plans p on p.id = w.plan
      cross join lateral (
        -- The price at the period's start, else (a period before the plan's first
        -- recorded price) its first price.
        select x.price, x.currency, x.billing_period
          from public.pricing_plan_prices x
         where x.plan_id = w.plan
         order by (x.valid_from <= (w.start::timestamp at time zone 'Europe/Amsterdam')
                   and (x.valid_to is null or x.valid_to > (w.start::timestamp at time zone 'Europe/Amsterdam'))) desc,
                  x.valid_from
         limit 1) h
     where h.price is not null
  ), periods as (
    insert into public.membership_periods (organization_id, period_start, period_end, plan_id, plan_name,
      unit_amount_minor, currency, billing_period)
    select pr.org, pr.start, coalesce(pr.stop, private.period_end(pr.start, pr.billing_period)), pr.plan, pr.name,
           round(pr.price * 100)::bigint, pr.currency, pr.billing_period
      from priced pr
    returning id, membership_periods.organization_id
  )
  insert into pg_temp.billing_new_drafts (organization_id, period_id)
  select pe.organization_id, pe.id from periods pe;

  update pg_temp.billing_new_drafts d set invoice_id = gen_random_uuid(),
    rate_bp = (select case when r.vat_note is not null then 0 else r.rate_bp end from private.vat_regime(d.organization_id) r);
  insert into public.invoices (id, organization_id, kind, status, currency, period_start, period_end, membership_period_id)
  select d.invoice_id, d.organization_id, 'invoice', 'draft', mp.currency, mp.period_start, mp.period_end, mp.id
    from pg_temp.billing_new_drafts d join public.membership_periods mp on mp.id = d.period_id;
  insert into public.invoice_lines (invoice_id, position, description, quantity, unit_amount_minor, amount_minor, period_start, period_end)
  select d.invoice_id, 1,
         format('Accord membership, %s plan, %s to %s', mp.plan_name, to_char(mp.period_start, 'FMDD Mon YYYY'),
           to_char(mp.period_end - 1, 'FMDD Mon YYYY')),
         1, mp.unit_amount_minor, mp.unit_amount_minor, mp.period_start, mp.period_end
    from pg_temp.billing_new_drafts d join public.membership_periods mp on mp.id = d.period_id;
  -- A draft's totals follow the regime as it stands; issuing fixes them.
  insert into public.invoice_vat_breakdown (invoice_id, rate_bp, taxable_minor, vat_minor)
  select d.invoice_id, v.rate_bp, v.taxable_minor, v.vat_minor
    from pg_temp.billing_new_drafts d
    join public.membership_periods mp on mp.id = d.period_id
    cross join lateral private.invoice_vat(array[mp.unit_amount_minor], array[d.rate_bp]) v;
  update public.invoices i
     set subtotal_minor = b.taxable_minor, vat_minor = b.vat_minor, total_minor = b.taxable_minor + b.vat_minor
    from pg_temp.billing_new_drafts d join public.invoice_vat_breakdown b on b.invoice_id = d.invoice_id
   where i.id = d.invoice_id;
  return query select d.organization_id, d.invoice_id from pg_temp.billing_new_drafts d;
end;
$$;
comment on function private.create_period_drafts(uuid[], uuid[], date[], date[]) is
  'Creates membership periods (from each start to its end, else one billing period) with the plan''s price at their start snapshotted, and a draft invoice with one line for each; returns (organization_id, invoice_id). Plans without a price are left out. A seller without a VAT rate yet gives drafts 0 % until issue.';
revoke execute on function private.create_period_drafts(uuid[], uuid[], date[], date[]) from public;

create function private.create_period_draft(p_organization_id uuid, p_plan_id uuid, p_start date, p_end date default null)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invoice_id uuid;
  v_name text;
begin
  select p.name into v_name from public.pricing_plans p where p.id = p_plan_id;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'plan_not_found', detail = 'This plan no longer exists.';
  end if;
  select d.invoice_id into v_invoice_id
    from private.create_period_drafts(array[p_organization_id], array[p_plan_id], array[p_start], array[p_end]) d;
  if v_invoice_id is null then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'plan_not_priced',
      detail = format('%s has no price to invoice (priced on request).', v_name);
  end if;
  return v_invoice_id;
end;
$$;
comment on function private.create_period_draft(uuid, uuid, date, date) is
  'One period and its draft (private.create_period_drafts); returns the draft''s id. 55000 plan_not_priced; P0002 plan_not_found.';
revoke execute on function private.create_period_draft(uuid, uuid, date, date) from public;

-- ---------------------------------------------------------------------------
-- Credit notes
-- ---------------------------------------------------------------------------
-- The largest net whose gross (net + its VAT by the rule) stays within p_gross.
create function private.net_within_gross(p_gross bigint, p_rate integer)
returns bigint
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_net bigint := floor(p_gross * 10000.0 / (10000 + p_rate))::bigint;
begin
  while v_net + 1 + round((v_net + 1)::numeric * p_rate / 10000.0) <= p_gross loop
    v_net := v_net + 1;
  end loop;
  while v_net > 0 and v_net + round(v_net::numeric * p_rate / 10000.0) > p_gross loop
    v_net := v_net - 1;
  end loop;
  return v_net;
end;
$$;
comment on function private.net_within_gross(bigint, integer) is
  'The largest net amount whose total with VAT (rounded by the rule) does not exceed p_gross: how a partial credit note splits into net and VAT.';
revoke execute on function private.net_within_gross(bigint, integer) from public;

-- Per rate of an invoice, what earlier credit notes left of its taxable amount and VAT.
create function private.credit_left(p_invoice_id uuid)
returns table (rate_bp integer, taxable_left bigint, vat_left bigint)
language sql
stable
set search_path = ''
as $$
  select b.rate_bp, (b.taxable_minor - coalesce(c.taxable, 0))::bigint, (b.vat_minor - coalesce(c.vat, 0))::bigint
    from public.invoice_vat_breakdown b
    left join (select cb.rate_bp, sum(cb.taxable_minor) as taxable, sum(cb.vat_minor) as vat
                 from public.invoices cn join public.invoice_vat_breakdown cb on cb.invoice_id = cn.id
                where cn.credited_invoice_id = p_invoice_id and cn.status = 'issued'
                group by cb.rate_bp) c on c.rate_bp = b.rate_bp
   where b.invoice_id = p_invoice_id
   order by b.rate_bp desc;
$$;
comment on function private.credit_left(uuid) is
  'Per VAT rate of an invoice: its taxable amount and VAT less what issued credit notes already took back.';
revoke execute on function private.credit_left(uuid) from public;

create function private.create_credit_note(p_invoice_id uuid, p_amount_minor bigint, p_reason text)
returns public.invoices
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices%rowtype;
  v_note public.invoices%rowtype;
  v_remaining bigint;
  v_left bigint;
  v_position integer := 0;
  v_group record;
  v_net bigint;
  v_full boolean;
begin
  if p_reason is null or char_length(btrim(p_reason)) = 0 then
    raise exception using errcode = 'invalid_parameter_value', message = 'credit_reason_required',
      detail = 'Say why the invoice is credited.';
  end if;
  if char_length(btrim(p_reason)) > 500 then
    raise exception using errcode = 'invalid_parameter_value', message = 'credit_reason_too_long',
      detail = 'The reason can be at most 500 characters.';
  end if;
  v_invoice := private.lock_invoice(p_invoice_id);
  if v_invoice.kind <> 'invoice' or v_invoice.status <> 'issued' then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'invoice_not_creditable',
      detail = 'Only an issued invoice can be credited.';
  end if;
  v_remaining := v_invoice.total_minor - v_invoice.credited_minor;
  if p_amount_minor is not null and p_amount_minor <= 0 then
    raise exception using errcode = 'invalid_parameter_value', message = 'credit_amount_invalid',
      detail = 'A credit note is for an amount above zero.';
  end if;
  if v_remaining <= 0 or p_amount_minor > v_remaining then
    raise exception using errcode = 'invalid_parameter_value', message = 'credit_exceeds_remaining',
      detail = format('At most %s of this invoice remains to credit.', private.format_money(greatest(v_remaining, 0), v_invoice.currency));
  end if;
  v_full := p_amount_minor is null or p_amount_minor = v_remaining;

  insert into public.invoices (organization_id, kind, status, currency, period_start, period_end, credited_invoice_id,
    reason, membership_period_id)
  values (v_invoice.organization_id, 'credit_note', 'draft', v_invoice.currency, v_invoice.period_start, v_invoice.period_end,
    v_invoice.id, btrim(p_reason), v_invoice.membership_period_id)
  returning * into v_note;

  -- Per rate of the invoice, what is left of it after earlier credit notes.
  v_left := coalesce(p_amount_minor, v_remaining);
  for v_group in select * from private.credit_left(v_invoice.id)
  loop
    continue when v_group.taxable_left <= 0 or (not v_full and v_left <= 0);
    v_net := case when v_full then v_group.taxable_left
                  else least(v_group.taxable_left, private.net_within_gross(v_left, v_group.rate_bp)) end;
    continue when v_net <= 0;
    v_position := v_position + 1;
    insert into public.invoice_lines (invoice_id, position, description, quantity, unit_amount_minor, amount_minor,
      vat_rate_bp, period_start, period_end)
    values (v_note.id, v_position,
      format('Credit for invoice %s%s', v_invoice.number, case when v_full then '' else ' (partial)' end),
      1, v_net, v_net, v_group.rate_bp, v_invoice.period_start, v_invoice.period_end);
    v_left := v_left - v_net - round(v_net::numeric * v_group.rate_bp / 10000.0)::bigint;
  end loop;
  if v_position = 0 then
    raise exception using errcode = 'invalid_parameter_value', message = 'credit_amount_invalid',
      detail = 'This amount is too small to credit.';
  end if;
  if v_full then
    -- The last credit note takes back exactly the VAT left per rate (the
    -- invoice's VAT, rounded once, less earlier credit notes' VAT), so the
    -- invoice ends at zero to the cent.
    insert into public.invoice_vat_breakdown (invoice_id, rate_bp, taxable_minor, vat_minor)
    select v_note.id, c.rate_bp, c.taxable_left, c.vat_left from private.credit_left(v_invoice.id) c where c.taxable_left > 0;
    update public.invoices i
       set subtotal_minor = t.subtotal, vat_minor = t.vat, total_minor = t.subtotal + t.vat
      from (select sum(b.taxable_minor)::bigint as subtotal, sum(b.vat_minor)::bigint as vat
              from public.invoice_vat_breakdown b where b.invoice_id = v_note.id) t
     where i.id = v_note.id;
  else
    perform private.refresh_invoice_totals(v_note.id, 0);
  end if;
  v_note := private.issue_invoice(v_note.id);
  if v_note.total_minor > v_remaining or (v_full and v_note.total_minor <> v_remaining) then
    raise exception using errcode = 'internal_error', message = 'credit_note_mismatch',
      detail = 'The credit note does not fit what remains; nothing was issued.';
  end if;
  return v_note;
end;
$$;
comment on function private.create_credit_note(uuid, bigint, text) is
  'Issues a credit note against an issued invoice: full (p_amount_minor null or all that remains: per rate, what earlier credit notes left) or partial (per rate from the highest, the largest net whose gross fits). Never exceeds total − credited. 22023 credit_reason_required, credit_reason_too_long, credit_amount_invalid, credit_exceeds_remaining; 55000 invoice_not_creditable.';
revoke execute on function private.create_credit_note(uuid, bigint, text) from public;

-- ---------------------------------------------------------------------------
-- Seller settings and VAT rates (system administrators)
-- ---------------------------------------------------------------------------
create function public.admin_save_seller_settings(
  p_legal_name text,
  p_address_line1 text,
  p_address_line2 text,
  p_postal_code text,
  p_city text,
  p_country text,
  p_vat_id text,
  p_iban text,
  p_bic text,
  p_email text,
  p_invoice_prefix text,
  p_credit_note_prefix text,
  p_payment_terms_days integer,
  p_renewal_lead_days integer,
  p_renewal_grace_days integer
)
returns public.billing_seller_settings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.billing_seller_settings%rowtype;
  v_new public.billing_seller_settings%rowtype;
  v_changes jsonb;
begin
  perform private.require_system_admin('change the seller settings');
  select * into v_old from public.billing_seller_settings for update;
  begin
    update public.billing_seller_settings s
       set legal_name = nullif(btrim(p_legal_name), ''),
           address_line1 = nullif(btrim(p_address_line1), ''),
           address_line2 = nullif(btrim(p_address_line2), ''),
           postal_code = nullif(btrim(p_postal_code), ''),
           city = nullif(btrim(p_city), ''),
           country = nullif(upper(btrim(p_country)), ''),
           vat_id = nullif(upper(regexp_replace(coalesce(p_vat_id, ''), '[\s.\-]', '', 'g')), ''),
           iban = nullif(upper(regexp_replace(coalesce(p_iban, ''), '\s', '', 'g')), ''),
           bic = nullif(upper(btrim(p_bic)), ''),
           email = nullif(btrim(p_email), ''),
           invoice_prefix = coalesce(nullif(upper(btrim(p_invoice_prefix)), ''), 'ACC'),
           credit_note_prefix = coalesce(nullif(upper(btrim(p_credit_note_prefix)), ''), 'ACC-CN'),
           payment_terms_days = coalesce(p_payment_terms_days, 30),
           renewal_lead_days = coalesce(p_renewal_lead_days, 14),
           renewal_grace_days = coalesce(p_renewal_grace_days, 3),
           updated_at = now()
    returning * into v_new;
  exception when check_violation then
    raise exception using errcode = 'invalid_parameter_value', message = 'seller_settings_invalid',
      detail = 'Check the country (two letters), VAT id, IBAN, BIC, prefixes (capital letters, digits, dashes; different from each other) and the day counts.';
  end;
  select jsonb_object_agg(n.key, jsonb_build_object('from', to_jsonb(v_old) -> n.key, 'to', n.value))
    into v_changes
    from jsonb_each(to_jsonb(v_new) - 'updated_at') n
   where n.value is distinct from to_jsonb(v_old) -> n.key;
  if v_changes is not null then
    perform private.billing_activity('billing.seller_settings_saved', null, jsonb_build_object('changes', v_changes));
  end if;
  return v_new;
end;
$$;
comment on function public.admin_save_seller_settings(text, text, text, text, text, text, text, text, text, text, text, text, integer, integer, integer) is
  'System administrators only (42501, aal2_required). Saves the seller settings (empty text = not set; null prefixes and day counts = the defaults ACC, ACC-CN, 30, 14, 3); records billing.seller_settings_saved with what changed. 22023 seller_settings_invalid. Issued invoices keep their own copy.';
revoke execute on function public.admin_save_seller_settings(text, text, text, text, text, text, text, text, text, text, text, text, integer, integer, integer) from public, anon;
grant execute on function public.admin_save_seller_settings(text, text, text, text, text, text, text, text, text, text, text, text, integer, integer, integer) to authenticated;

create function public.admin_set_vat_rate(p_country text, p_rate_bp integer)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_country text := upper(btrim(coalesce(p_country, '')));
  v_old integer;
begin
  perform private.require_system_admin('change VAT rates');
  if v_country !~ '^[A-Z]{2}$' then
    raise exception using errcode = 'invalid_parameter_value', message = 'country_invalid', detail = 'A country is its two-letter ISO code.';
  end if;
  if p_rate_bp is null or p_rate_bp not between 0 and 10000 then
    raise exception using errcode = 'invalid_parameter_value', message = 'vat_rate_invalid',
      detail = 'A VAT rate is between 0 and 100 %, in basis points (2100 = 21 %).';
  end if;
  select r.rate_bp into v_old from public.billing_vat_rates r where r.country = v_country for update;
  if v_old is not distinct from p_rate_bp then
    return;
  end if;
  insert into public.billing_vat_rates (country, rate_bp) values (v_country, p_rate_bp)
  on conflict (country) do update set rate_bp = excluded.rate_bp, updated_at = now();
  perform private.billing_activity('billing.vat_rate_set', null,
    jsonb_build_object('country', v_country, 'from', v_old, 'to', p_rate_bp));
end;
$$;
comment on function public.admin_set_vat_rate(text, integer) is
  'System administrators only (42501, aal2_required). Sets a country''s VAT rate in basis points; records billing.vat_rate_set. 22023 country_invalid, vat_rate_invalid. Drafts take it when issued; issued invoices keep theirs.';
revoke execute on function public.admin_set_vat_rate(text, integer) from public, anon;
grant execute on function public.admin_set_vat_rate(text, integer) to authenticated;

-- ---------------------------------------------------------------------------
-- Billing profiles
-- ---------------------------------------------------------------------------
create function public.save_billing_profile(
  p_organization_id uuid,
  p_billing_name text,
  p_address_line1 text,
  p_address_line2 text,
  p_postal_code text,
  p_city text,
  p_country text,
  p_vat_id text,
  p_billing_email text,
  p_po_reference text
)
returns public.billing_profiles
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.billing_profiles%rowtype;
  v_new public.billing_profiles%rowtype;
  v_vat_id text := nullif(upper(regexp_replace(coalesce(p_vat_id, ''), '[\s.\-]', '', 'g')), '');
  v_email text := nullif(btrim(p_billing_email), '');
  v_changes jsonb;
begin
  perform private.require_billing_reader(p_organization_id, true);
  if not exists (select 1 from public.organizations o where o.id = p_organization_id) then
    raise exception using errcode = 'no_data_found', message = 'organization_not_found', detail = 'This organisation does not exist.';
  end if;
  if v_vat_id is not null and v_vat_id !~ '^[A-Z]{2}[A-Z0-9]{2,18}$' then
    raise exception using errcode = 'invalid_parameter_value', message = 'vat_id_invalid',
      detail = 'A VAT number starts with its country''s two letters, such as NL123456789B01.';
  end if;
  if v_email is not null and private.email_problem(v_email) is not null then
    raise exception using errcode = 'invalid_parameter_value', message = 'billing_email_invalid',
      detail = 'Enter the e-mail address invoices go to, such as accounts@example.org.';
  end if;
  select * into v_old from public.billing_profiles p where p.organization_id = p_organization_id for update;
  begin
    insert into public.billing_profiles as p (organization_id, billing_name, address_line1, address_line2, postal_code,
      city, country, vat_id, billing_email, po_reference)
    values (p_organization_id, nullif(btrim(p_billing_name), ''), nullif(btrim(p_address_line1), ''),
      nullif(btrim(p_address_line2), ''), nullif(btrim(p_postal_code), ''), nullif(btrim(p_city), ''),
      nullif(upper(btrim(p_country)), ''), v_vat_id, v_email, nullif(btrim(p_po_reference), ''))
    on conflict (organization_id) do update
      set billing_name = excluded.billing_name, address_line1 = excluded.address_line1,
          address_line2 = excluded.address_line2, postal_code = excluded.postal_code, city = excluded.city,
          country = excluded.country, vat_id = excluded.vat_id,
          -- A new VAT number is unchecked until the check records it.
          vat_id_format_valid = case when excluded.vat_id is not distinct from p.vat_id then p.vat_id_format_valid end,
          vat_id_checked_at = case when excluded.vat_id is not distinct from p.vat_id then p.vat_id_checked_at end,
          billing_email = excluded.billing_email, po_reference = excluded.po_reference, updated_at = now()
    returning * into v_new;
  exception when check_violation then
    raise exception using errcode = 'invalid_parameter_value', message = 'billing_profile_invalid',
      detail = 'Check the lengths of the fields and the country (two letters).';
  end;
  select jsonb_object_agg(n.key, jsonb_build_object('from', coalesce(to_jsonb(v_old), '{}') -> n.key, 'to', n.value))
    into v_changes
    from jsonb_each(to_jsonb(v_new) - 'updated_at' - 'vat_id_format_valid' - 'vat_id_checked_at' - 'organization_id') n
   where n.value is distinct from coalesce(to_jsonb(v_old), '{}') -> n.key;
  if v_changes is not null then
    perform private.billing_activity('billing_profile.saved', p_organization_id, jsonb_build_object('changes', v_changes));
  end if;
  return v_new;
end;
$$;
comment on function public.save_billing_profile(uuid, text, text, text, text, text, text, text, text, text) is
  'The organisation''s administrators and system administrators (42501 not_organization_admin, aal2_required). Saves who invoices are addressed to (empty text = not set; billing name empty = the reviewed legal name; country empty = the registered one). A changed VAT number is unchecked (vat_id_format_valid null) until record_vat_id_check. Records billing_profile.saved. 22023 vat_id_invalid, billing_email_invalid, billing_profile_invalid; P0002 organization_not_found.';
revoke execute on function public.save_billing_profile(uuid, text, text, text, text, text, text, text, text, text) from public, anon;
grant execute on function public.save_billing_profile(uuid, text, text, text, text, text, text, text, text, text) to authenticated;

create function public.record_vat_id_check(p_organization_id uuid, p_vat_id text, p_valid boolean)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_vat_id text := upper(regexp_replace(coalesce(p_vat_id, ''), '[\s.\-]', '', 'g'));
begin
  if p_valid is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'vat_check_result_required', detail = 'Say whether the format is valid.';
  end if;
  -- Only for the number still on the profile: a check that raced a change is dropped.
  update public.billing_profiles p
     set vat_id_format_valid = p_valid, vat_id_checked_at = now(), updated_at = now()
   where p.organization_id = p_organization_id and p.vat_id = v_vat_id;
  if not found then
    return false;
  end if;
  perform private.billing_activity('billing_profile.vat_id_checked', p_organization_id,
    jsonb_build_object('vat_id', v_vat_id, 'format_valid', p_valid));
  return true;
end;
$$;
comment on function public.record_vat_id_check(uuid, text, boolean) is
  'Service role only (the VAT-number check Edge Function, jsvat): records whether the profile''s VAT number has a valid format and when. Returns false when the profile no longer holds that number (nothing recorded). Reverse charge requires vat_id_format_valid = true.';
revoke execute on function public.record_vat_id_check(uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.record_vat_id_check(uuid, text, boolean) to service_role;

-- ---------------------------------------------------------------------------
-- Memberships and plan changes
-- ---------------------------------------------------------------------------
create function public.admin_start_membership(p_organization_id uuid, p_plan_id uuid, p_start date)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invoice_id uuid;
  v_period public.membership_periods%rowtype;
begin
  perform private.require_system_admin('start memberships');
  if p_start is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'start_required', detail = 'Say when the membership starts.';
  end if;
  if not exists (select 1 from public.organizations o where o.id = p_organization_id) then
    raise exception using errcode = 'no_data_found', message = 'organization_not_found', detail = 'This organisation does not exist.';
  end if;
  if exists (select 1 from public.memberships m where m.organization_id = p_organization_id and m.status = 'active') then
    raise exception using errcode = 'unique_violation', message = 'membership_exists', detail = 'This organisation already has a membership.';
  end if;
  perform 1 from public.pricing_plans p where p.id = p_plan_id;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'plan_not_found', detail = 'This plan no longer exists.';
  end if;
  -- The period row needs its membership first; the dates follow once priced.
  insert into public.memberships as m (organization_id, plan_id, status, started_on, current_period_start, current_period_end)
  values (p_organization_id, p_plan_id, 'active', p_start, p_start, p_start + 1)
  on conflict (organization_id) do update
    set plan_id = excluded.plan_id, status = 'active', started_on = excluded.started_on,
        current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
        next_plan_id = null, updated_at = now();
  v_invoice_id := private.create_period_draft(p_organization_id, p_plan_id, p_start);
  select * into v_period from public.membership_periods mp
   where mp.organization_id = p_organization_id and mp.period_start = p_start;
  update public.memberships m set current_period_end = v_period.period_end where m.organization_id = p_organization_id;
  perform private.billing_activity('membership.started', p_organization_id, jsonb_build_object(
    'plan_id', p_plan_id, 'plan_name', v_period.plan_name, 'start', p_start, 'invoice_id', v_invoice_id));
  return v_invoice_id;
exception
  when unique_violation then
    if sqlerrm = 'membership_exists' then raise; end if;
    raise exception using errcode = 'unique_violation', message = 'membership_period_exists',
      detail = 'A period starting on that day was already billed; choose another start.';
end;
$$;
comment on function public.admin_start_membership(uuid, uuid, date) is
  'System administrators only (42501, aal2_required). Starts (or restarts an ended) membership on p_start with its first period priced from plan_price_at, and returns that period''s draft invoice (issued by an administrator, or by billing_run after the grace days). Records membership.started. 22023 start_required; 23505 membership_exists, membership_period_exists; P0002 organization_not_found, plan_not_found; 55000 plan_not_priced.';
revoke execute on function public.admin_start_membership(uuid, uuid, date) from public, anon;
grant execute on function public.admin_start_membership(uuid, uuid, date) to authenticated;

-- What applying a plan change now would do, computed the same way for the preview and the change.
create function private.plan_change_now(p_organization_id uuid, p_plan_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_membership public.memberships%rowtype;
  v_period public.membership_periods%rowtype;
  v_invoice public.invoices%rowtype;
  v_plan public.pricing_plans%rowtype;
  v_today date := private.billing_today();
  v_days integer;
  v_unused integer;
  v_credit bigint := 0;
  v_price record;
  v_amount bigint;
  v_rate integer;
  v_vat bigint;
  v_end date;
  v_preview jsonb;
begin
  select * into v_membership from public.memberships m where m.organization_id = p_organization_id and m.status = 'active';
  if not found then
    raise exception using errcode = 'no_data_found', message = 'membership_not_found', detail = 'This organisation has no membership.';
  end if;
  select * into v_plan from public.pricing_plans p where p.id = p_plan_id;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'plan_not_found', detail = 'This plan no longer exists.';
  end if;
  select h.price, h.currency, h.billing_period into v_price
    from public.pricing_plan_prices h where h.plan_id = p_plan_id and h.valid_to is null;
  if v_price is null or v_price.price is null then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'plan_not_priced',
      detail = format('%s has no price to invoice (priced on request).', v_plan.name);
  end if;
  select * into v_period from public.membership_periods mp
   where mp.organization_id = p_organization_id and mp.period_start = v_membership.current_period_start;
  select * into v_invoice from public.invoices i
   where i.membership_period_id = v_period.id and i.kind = 'invoice' order by i.created_at limit 1;
  v_days := v_period.period_end - v_period.period_start;
  v_unused := greatest(v_period.period_end - v_today, 0);
  if v_invoice.status = 'issued' then
    -- The unused days of what the invoice still holds (less earlier credit notes).
    v_credit := least(round((v_invoice.total_minor - v_invoice.credited_minor)::numeric * v_unused / v_days)::bigint,
                      v_invoice.total_minor - v_invoice.credited_minor);
  end if;
  v_amount := round(v_price.price * 100)::bigint;
  v_end := private.period_end(v_today, v_price.billing_period);
  begin
    select case when r.vat_note is not null then 0 else r.rate_bp end into v_rate from private.vat_regime(p_organization_id) r;
  exception when object_not_in_prerequisite_state then
    v_rate := 0;
  end;
  select coalesce(sum(v.vat_minor), 0) into v_vat from private.invoice_vat(array[v_amount], array[v_rate]) v;
  v_preview := jsonb_build_object(
    'organizationId', p_organization_id,
    'fromPlanId', v_membership.plan_id, 'fromPlanName', v_period.plan_name,
    'toPlanId', p_plan_id, 'toPlanName', v_plan.name,
    'effectiveOn', v_today,
    'currentInvoiceId', v_invoice.id, 'currentInvoiceNumber', v_invoice.number,
    'currentInvoiceStatus', v_invoice.status,
    'unusedDays', v_unused, 'periodDays', v_days,
    'creditMinor', v_credit, 'creditCurrency', v_period.currency,
    'newPeriodStart', v_today, 'newPeriodEnd', v_end,
    'newSubtotalMinor', v_amount, 'newVatMinor', v_vat, 'newInvoiceMinor', v_amount + v_vat,
    'newCurrency', v_price.currency);
  return v_preview || jsonb_build_object('previewToken', md5(v_preview::text));
end;
$$;
comment on function private.plan_change_now(uuid, uuid) is
  'The amounts of a plan change applied today: a credit note for the unused days of the current period''s invoice (what it still holds, pro rata), and a new invoice for a full period of the new plan from today; previewToken is a digest of them all.';
revoke execute on function private.plan_change_now(uuid, uuid) from public;

create function public.admin_preview_plan_change(p_organization_id uuid, p_plan_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('change plans');
  return private.plan_change_now(p_organization_id, p_plan_id);
end;
$$;
comment on function public.admin_preview_plan_change(uuid, uuid) is
  'System administrators only (42501, aal2_required). What applying the plan now would do: {organizationId, fromPlanId, fromPlanName, toPlanId, toPlanName, effectiveOn, currentInvoiceId, currentInvoiceNumber, currentInvoiceStatus, unusedDays, periodDays, creditMinor, creditCurrency, newPeriodStart, newPeriodEnd (exclusive), newSubtotalMinor, newVatMinor, newInvoiceMinor, newCurrency, previewToken}. Pass previewToken to admin_change_plan. P0002 membership_not_found, plan_not_found; 55000 plan_not_priced.';
revoke execute on function public.admin_preview_plan_change(uuid, uuid) from public, anon;
grant execute on function public.admin_preview_plan_change(uuid, uuid) to authenticated;

create function public.admin_change_plan(p_organization_id uuid, p_plan_id uuid, p_effective text, p_preview_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_membership public.memberships%rowtype;
  v_preview jsonb;
  v_note public.invoices%rowtype;
  v_invoice_id uuid;
  v_next public.membership_periods%rowtype;
  v_draft uuid;
  v_settings public.billing_seller_settings%rowtype;
begin
  perform private.require_system_admin('change plans');
  if p_effective is null or p_effective not in ('next_period', 'now') then
    raise exception using errcode = 'invalid_parameter_value', message = 'effective_invalid',
      detail = 'A plan change applies now or at the next period.';
  end if;
  select * into v_membership from public.memberships m
   where m.organization_id = p_organization_id and m.status = 'active' for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'membership_not_found', detail = 'This organisation has no membership.';
  end if;
  perform 1 from public.pricing_plans p where p.id = p_plan_id;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'plan_not_found', detail = 'This plan no longer exists.';
  end if;
  select * into v_settings from public.billing_seller_settings;

  -- A next period already drafted for the old plan goes; billing_run (or the
  -- change below) drafts it again.
  select * into v_next from public.membership_periods mp
   where mp.organization_id = p_organization_id and mp.period_start >= v_membership.current_period_end;
  if found then
    select i.id into v_draft from public.invoices i where i.membership_period_id = v_next.id and i.status = 'issued' limit 1;
    if v_draft is not null then
      raise exception using errcode = 'object_not_in_prerequisite_state', message = 'next_period_issued',
        detail = 'The next period is already invoiced; apply the change now, or credit that invoice first.';
    end if;
    delete from public.invoices i where i.membership_period_id = v_next.id and i.status = 'draft';
    delete from public.membership_periods mp where mp.id = v_next.id;
  end if;

  if p_effective = 'next_period' then
    update public.memberships m set next_plan_id = nullif(p_plan_id, m.plan_id), updated_at = now()
     where m.organization_id = p_organization_id;
    perform private.billing_activity('membership.plan_change_planned', p_organization_id,
      jsonb_build_object('from_plan_id', v_membership.plan_id, 'to_plan_id', p_plan_id, 'on', v_membership.current_period_end));
    -- Inside the lead days already: draft the next period at once, on the new plan.
    if v_membership.current_period_end - v_settings.renewal_lead_days <= private.billing_today() then
      v_invoice_id := private.create_period_draft(p_organization_id, p_plan_id, v_membership.current_period_end);
    end if;
    return jsonb_build_object('effective', 'next_period', 'effectiveOn', v_membership.current_period_end, 'invoiceId', v_invoice_id);
  end if;

  v_preview := private.plan_change_now(p_organization_id, p_plan_id);
  if p_preview_token is distinct from v_preview ->> 'previewToken' then
    raise exception using errcode = 'serialization_failure', message = 'plan_change_preview_stale',
      detail = 'The amounts changed since the preview. Look at the new preview and confirm again.';
  end if;
  if (v_preview ->> 'creditMinor')::bigint > 0 then
    v_note := private.create_credit_note((v_preview ->> 'currentInvoiceId')::uuid, (v_preview ->> 'creditMinor')::bigint,
      format('Plan changed from %s to %s on %s: unused days credited.', v_preview ->> 'fromPlanName', v_preview ->> 'toPlanName',
        v_preview ->> 'effectiveOn'));
  end if;
  -- The current period ends today (its draft, if never issued, goes); a new one starts.
  delete from public.invoices i
   using public.membership_periods mp
   where i.membership_period_id = mp.id and mp.organization_id = p_organization_id
     and mp.period_start = v_membership.current_period_start and i.status = 'draft';
  if v_membership.current_period_start = private.billing_today() then
    -- Changed on the day it started: the period is replaced, not cut to nothing.
    delete from public.membership_periods mp
     where mp.organization_id = p_organization_id and mp.period_start = v_membership.current_period_start
       and not exists (select 1 from public.invoices i where i.membership_period_id = mp.id);
    if found is false then
      raise exception using errcode = 'object_not_in_prerequisite_state', message = 'plan_changed_today',
        detail = 'This period was invoiced today; credit that invoice and start again tomorrow.';
    end if;
  else
    update public.membership_periods mp set period_end = private.billing_today()
     where mp.organization_id = p_organization_id and mp.period_start = v_membership.current_period_start;
  end if;
  v_invoice_id := private.create_period_draft(p_organization_id, p_plan_id, private.billing_today());
  perform private.issue_invoice(v_invoice_id);
  update public.memberships m
     set plan_id = p_plan_id, next_plan_id = null, current_period_start = private.billing_today(),
         current_period_end = (v_preview ->> 'newPeriodEnd')::date, updated_at = now()
   where m.organization_id = p_organization_id;
  perform private.billing_activity('membership.plan_changed', p_organization_id, jsonb_build_object(
    'from_plan_id', v_membership.plan_id, 'to_plan_id', p_plan_id, 'credit_note_id', v_note.id, 'invoice_id', v_invoice_id));
  return jsonb_build_object('effective', 'now', 'effectiveOn', private.billing_today(), 'creditNoteId', v_note.id, 'invoiceId', v_invoice_id);
end;
$$;
comment on function public.admin_change_plan(uuid, uuid, text, text) is
  'System administrators only (42501, aal2_required). next_period: the plan applies when the next period starts (a next period already drafted is drafted again on it). now: needs the previewToken of admin_preview_plan_change (40001 plan_change_preview_stale when the amounts changed), issues the credit note for the unused days and an invoice for a new period from today. Returns {effective, effectiveOn, creditNoteId, invoiceId}. Records membership.plan_change_planned / membership.plan_changed. 22023 effective_invalid; P0002 membership_not_found, plan_not_found; 55000 next_period_issued, plan_changed_today, plan_not_priced.';
revoke execute on function public.admin_change_plan(uuid, uuid, text, text) from public, anon;
grant execute on function public.admin_change_plan(uuid, uuid, text, text) to authenticated;

create function public.admin_end_membership(p_organization_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('end memberships');
  update public.memberships m set status = 'ended', next_plan_id = null, updated_at = now()
   where m.organization_id = p_organization_id and m.status = 'active';
  if not found then
    raise exception using errcode = 'no_data_found', message = 'membership_not_found', detail = 'This organisation has no membership.';
  end if;
  -- A next period drafted but never issued is not owed.
  delete from public.invoices i
   using public.membership_periods mp, public.memberships m
   where i.membership_period_id = mp.id and i.status = 'draft' and mp.organization_id = p_organization_id
     and m.organization_id = mp.organization_id and mp.period_start >= m.current_period_end;
  delete from public.membership_periods mp
   using public.memberships m
   where mp.organization_id = p_organization_id and m.organization_id = mp.organization_id
     and mp.period_start >= m.current_period_end
     and not exists (select 1 from public.invoices i where i.membership_period_id = mp.id);
  perform private.billing_activity('membership.ended', p_organization_id, '{}');
end;
$$;
comment on function public.admin_end_membership(uuid) is
  'System administrators only (42501, aal2_required). Ends the membership at the end of its current period (no renewal; a next period''s draft goes). Records membership.ended. P0002 membership_not_found.';
revoke execute on function public.admin_end_membership(uuid) from public, anon;
grant execute on function public.admin_end_membership(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Invoices: issue, credit, send again
-- ---------------------------------------------------------------------------
create function public.admin_issue_invoice(p_invoice_id uuid)
returns public.invoices
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('issue invoices');
  return private.issue_invoice(p_invoice_id);
end;
$$;
comment on function public.admin_issue_invoice(uuid) is
  'System administrators only (42501, aal2_required). Issues a draft now (see private.issue_invoice): numbered, VAT fixed, frozen; its organisation''s administrators are notified. 55000 invoice_not_draft, invoice_without_lines, seller_settings_incomplete, vat_rate_missing; P0002 invoice_not_found.';
revoke execute on function public.admin_issue_invoice(uuid) from public, anon;
grant execute on function public.admin_issue_invoice(uuid) to authenticated;

create function public.admin_create_credit_note(p_invoice_id uuid, p_amount_minor bigint, p_reason text)
returns public.invoices
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('issue credit notes');
  return private.create_credit_note(p_invoice_id, p_amount_minor, p_reason);
end;
$$;
comment on function public.admin_create_credit_note(uuid, bigint, text) is
  'System administrators only (42501, aal2_required). Issues a credit note (its own series) against an issued invoice: p_amount_minor (gross, VAT included) or null for all that remains; a full one voids the balance and keeps the invoice. Never more than total − credited. 22023 credit_reason_required, credit_reason_too_long, credit_amount_invalid, credit_exceeds_remaining; 55000 invoice_not_creditable; P0002 invoice_not_found.';
revoke execute on function public.admin_create_credit_note(uuid, bigint, text) from public, anon;
grant execute on function public.admin_create_credit_note(uuid, bigint, text) to authenticated;

create function public.admin_send_invoice_again(p_invoice_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices%rowtype;
  v_count integer;
begin
  perform private.require_system_admin('send invoices');
  select * into v_invoice from public.invoices i where i.id = p_invoice_id;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'invoice_not_found', detail = 'This invoice does not exist.';
  end if;
  if v_invoice.status <> 'issued' then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'invoice_not_issued',
      detail = 'Issue the draft first.';
  end if;
  v_count := private.notify_billing(v_invoice.organization_id, 'invoice_issued',
    format(case v_invoice.kind when 'invoice' then 'Invoice %s' else 'Credit note %s' end, v_invoice.number),
    format('%s for %s, issued on %s, sent again by the network.',
      case v_invoice.kind when 'invoice' then 'Your invoice' else 'Your credit note' end,
      private.format_money(v_invoice.total_minor, v_invoice.currency), to_char(v_invoice.issue_date, 'FMDD FMMonth YYYY')));
  perform private.billing_activity('invoice.sent_again', v_invoice.organization_id,
    jsonb_build_object('invoice_id', v_invoice.id, 'number', v_invoice.number, 'recipients', v_count));
  return v_count;
end;
$$;
comment on function public.admin_send_invoice_again(uuid) is
  'System administrators only (42501, aal2_required). Notifies the organisation''s administrators of an issued invoice or credit note again (e-mail by their preference); returns how many. Records invoice.sent_again. 55000 invoice_not_issued; P0002 invoice_not_found.';
revoke execute on function public.admin_send_invoice_again(uuid) from public, anon;
grant execute on function public.admin_send_invoice_again(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Payments
-- ---------------------------------------------------------------------------
create function private.record_payment(
  p_organization_id uuid, p_amount_minor bigint, p_currency text, p_received_on date, p_method text,
  p_reference text, p_allocations jsonb, p_idempotency_key text
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_payment_id uuid;
  v_currency text := upper(btrim(coalesce(p_currency, '')));
  v_left bigint := p_amount_minor;
  v_alloc record;
  v_invoice public.invoices%rowtype;
  v_take bigint;
begin
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 200 then
    raise exception using errcode = 'invalid_parameter_value', message = 'idempotency_key_required',
      detail = 'Each recording needs its own key (up to 200 characters), so a retry records nothing twice.';
  end if;
  select p.id into v_payment_id from public.payments p where p.idempotency_key = p_idempotency_key;
  if found then
    return v_payment_id;
  end if;
  if p_amount_minor is null or p_amount_minor <= 0 then
    raise exception using errcode = 'invalid_parameter_value', message = 'payment_amount_invalid', detail = 'A payment is an amount above zero.';
  end if;
  if v_currency !~ '^[A-Z]{3}$' then
    raise exception using errcode = 'invalid_parameter_value', message = 'currency_invalid', detail = 'The currency is a three-letter ISO 4217 code.';
  end if;
  if p_received_on is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'received_on_required', detail = 'Say when the money arrived.';
  end if;
  if p_method is null or p_method not in ('bank_transfer', 'card', 'other') then
    raise exception using errcode = 'invalid_parameter_value', message = 'payment_method_invalid', detail = 'A payment came by bank transfer, card or another way.';
  end if;
  if p_allocations is not null and jsonb_typeof(p_allocations) <> 'array' then
    raise exception using errcode = 'invalid_parameter_value', message = 'allocations_invalid',
      detail = 'Allocations are a list of {invoiceId, amountMinor}.';
  end if;
  if not exists (select 1 from public.organizations o where o.id = p_organization_id) then
    raise exception using errcode = 'no_data_found', message = 'organization_not_found', detail = 'This organisation does not exist.';
  end if;
  insert into public.payments (organization_id, amount_minor, currency, received_on, method, reference, idempotency_key, recorded_by)
  values (p_organization_id, p_amount_minor, v_currency, p_received_on, p_method, nullif(btrim(p_reference), ''), p_idempotency_key, auth.uid())
  on conflict (idempotency_key) do nothing
  returning id into v_payment_id;
  if v_payment_id is null then
    -- The same key recorded by a concurrent call: its payment is the answer.
    select p.id into v_payment_id from public.payments p where p.idempotency_key = p_idempotency_key;
    return v_payment_id;
  end if;

  for v_alloc in
    select (a ->> 'invoiceId')::uuid as invoice_id, (a ->> 'amountMinor')::bigint as amount_minor, o
      from jsonb_array_elements(p_allocations) with ordinality as e(a, o)
     where p_allocations is not null
    union all
    -- No allocations given: the oldest open invoices in the currency, in turn.
    select i.id, null::bigint, row_number() over (order by i.due_date, i.number)
      from public.invoices i
     where p_allocations is null and i.organization_id = p_organization_id and i.kind = 'invoice'
       and i.status = 'issued' and i.currency = v_currency and i.balance_minor > 0
     order by 3
  loop
    exit when v_left <= 0;
    if v_alloc.invoice_id is null then
      raise exception using errcode = 'invalid_parameter_value', message = 'allocations_invalid',
        detail = 'Allocations are a list of {invoiceId, amountMinor}.';
    end if;
    select * into v_invoice from public.invoices i where i.id = v_alloc.invoice_id for update;
    if not found or v_invoice.organization_id <> p_organization_id or v_invoice.kind <> 'invoice' or v_invoice.status <> 'issued' then
      raise exception using errcode = 'invalid_parameter_value', message = 'allocation_invoice_invalid',
        detail = 'A payment settles issued invoices of the organisation that paid.';
    end if;
    if v_invoice.currency <> v_currency then
      raise exception using errcode = 'invalid_parameter_value', message = 'allocation_currency_mismatch',
        detail = format('Invoice %s is in %s.', v_invoice.number, v_invoice.currency);
    end if;
    v_take := coalesce(v_alloc.amount_minor, least(v_left, v_invoice.balance_minor));
    if v_take <= 0 or v_take > v_left or v_take > v_invoice.balance_minor then
      raise exception using errcode = 'invalid_parameter_value', message = 'allocation_amount_invalid',
        detail = format('Allocate more than zero and at most what invoice %s still owes and the payment holds.', v_invoice.number);
    end if;
    insert into public.payment_allocations (payment_id, invoice_id, amount_minor) values (v_payment_id, v_invoice.id, v_take);
    v_left := v_left - v_take;
  end loop;
  if p_allocations is not null and exists (
    select 1 from jsonb_array_elements(p_allocations) a
     where (a ->> 'invoiceId') is not null
       and not exists (select 1 from public.payment_allocations pa where pa.payment_id = v_payment_id and pa.invoice_id = (a ->> 'invoiceId')::uuid)) then
    raise exception using errcode = 'invalid_parameter_value', message = 'allocation_amount_invalid',
      detail = 'The allocations add up to more than the payment.';
  end if;
  perform private.billing_activity('payment.recorded', p_organization_id, jsonb_build_object(
    'payment_id', v_payment_id, 'amount_minor', p_amount_minor, 'currency', v_currency, 'method', p_method,
    'unallocated_minor', v_left));
  return v_payment_id;
end;
$$;
comment on function private.record_payment(uuid, bigint, text, date, text, text, jsonb, text) is
  'Records a payment once per idempotency key (a repeated key answers the first payment''s id and records nothing) and allocates it: as given, or with null allocations to the organisation''s oldest open invoices in the currency. Records payment.recorded.';
revoke execute on function private.record_payment(uuid, bigint, text, date, text, text, jsonb, text) from public;

create function public.admin_record_payment(
  p_organization_id uuid, p_amount_minor bigint, p_currency text, p_received_on date, p_method text,
  p_reference text, p_allocations jsonb, p_idempotency_key text
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('record payments');
  return private.record_payment(p_organization_id, p_amount_minor, p_currency, p_received_on, p_method, p_reference,
    p_allocations, p_idempotency_key);
end;
$$;
comment on function public.admin_record_payment(uuid, bigint, text, date, text, text, jsonb, text) is
  'System administrators only (42501, aal2_required). Records money received (p_allocations: [{invoiceId, amountMinor}], or null for the oldest open invoices first; any rest stays unallocated) and returns the payment''s id; the same p_idempotency_key again returns that id and records nothing. 22023 idempotency_key_required, payment_amount_invalid, currency_invalid, received_on_required, payment_method_invalid, allocations_invalid, allocation_invoice_invalid, allocation_currency_mismatch, allocation_amount_invalid; P0002 organization_not_found.';
revoke execute on function public.admin_record_payment(uuid, bigint, text, date, text, text, jsonb, text) from public, anon;
grant execute on function public.admin_record_payment(uuid, bigint, text, date, text, text, jsonb, text) to authenticated;

create function public.admin_record_refund(
  p_payment_id uuid, p_invoice_id uuid, p_amount_minor bigint, p_refunded_on date, p_reason text, p_idempotency_key text
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_allocated bigint;
  v_refunded bigint;
  v_org uuid;
begin
  perform private.require_system_admin('record refunds');
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 200 then
    raise exception using errcode = 'invalid_parameter_value', message = 'idempotency_key_required',
      detail = 'Each recording needs its own key (up to 200 characters), so a retry records nothing twice.';
  end if;
  select r.id into v_id from public.payment_refunds r where r.idempotency_key = p_idempotency_key;
  if found then
    return v_id;
  end if;
  if p_amount_minor is null or p_amount_minor <= 0 then
    raise exception using errcode = 'invalid_parameter_value', message = 'refund_amount_invalid', detail = 'A refund is an amount above zero.';
  end if;
  if p_refunded_on is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'refunded_on_required', detail = 'Say when the money went back.';
  end if;
  perform private.lock_invoice(p_invoice_id);
  select a.amount_minor, p.organization_id into v_allocated, v_org
    from public.payment_allocations a join public.payments p on p.id = a.payment_id
   where a.payment_id = p_payment_id and a.invoice_id = p_invoice_id;
  if v_allocated is null then
    raise exception using errcode = 'no_data_found', message = 'allocation_not_found', detail = 'This payment did not pay this invoice.';
  end if;
  select coalesce(sum(r.amount_minor), 0) into v_refunded from public.payment_refunds r
   where r.payment_id = p_payment_id and r.invoice_id = p_invoice_id;
  if p_amount_minor > v_allocated - v_refunded then
    raise exception using errcode = 'invalid_parameter_value', message = 'refund_exceeds_payment',
      detail = 'A refund cannot exceed what the payment paid on this invoice.';
  end if;
  insert into public.payment_refunds (payment_id, invoice_id, amount_minor, refunded_on, reason, idempotency_key, recorded_by)
  values (p_payment_id, p_invoice_id, p_amount_minor, p_refunded_on, nullif(btrim(p_reason), ''), p_idempotency_key, auth.uid())
  returning id into v_id;
  perform private.billing_activity('payment.refunded', v_org, jsonb_build_object(
    'refund_id', v_id, 'payment_id', p_payment_id, 'invoice_id', p_invoice_id, 'amount_minor', p_amount_minor));
  return v_id;
end;
$$;
comment on function public.admin_record_refund(uuid, uuid, bigint, date, text, text) is
  'System administrators only (42501, aal2_required). Records money paid back against a payment''s allocation to an invoice (never more than it allocated, less earlier refunds); the same key returns the first refund. Records payment.refunded. 22023 idempotency_key_required, refund_amount_invalid, refunded_on_required, refund_exceeds_payment; P0002 allocation_not_found, invoice_not_found.';
revoke execute on function public.admin_record_refund(uuid, uuid, bigint, date, text, text) from public, anon;
grant execute on function public.admin_record_refund(uuid, uuid, bigint, date, text, text) to authenticated;

-- ---------------------------------------------------------------------------
-- The document, the PDF, the standing
-- ---------------------------------------------------------------------------
create function public.invoice_document(p_invoice_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices%rowtype;
  v_seller jsonb;
  v_buyer jsonb;
  v_credited public.invoices%rowtype;
begin
  select * into v_invoice from public.invoices i where i.id = p_invoice_id;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'invoice_not_found', detail = 'This invoice does not exist.';
  end if;
  perform private.require_billing_reader(v_invoice.organization_id, true);
  if v_invoice.status = 'draft' and not private.is_system_admin() then
    raise exception using errcode = 'no_data_found', message = 'invoice_not_found', detail = 'This invoice does not exist.';
  end if;
  -- A draft shows what it would say if issued now.
  v_seller := coalesce(v_invoice.seller, private.seller_document());
  v_buyer := coalesce(v_invoice.buyer, private.buyer_snapshot(v_invoice.organization_id));
  if v_invoice.kind = 'credit_note' then
    select * into v_credited from public.invoices i where i.id = v_invoice.credited_invoice_id;
  end if;
  return jsonb_build_object(
    'id', v_invoice.id,
    'kind', v_invoice.kind,
    'status', v_invoice.status,
    'number', v_invoice.number,
    'issueDate', v_invoice.issue_date,
    'dueDate', v_invoice.due_date,
    'periodStart', v_invoice.period_start,
    'periodEnd', v_invoice.period_end - 1,
    'currency', v_invoice.currency,
    'reverseCharge', v_invoice.reverse_charge,
    'vatNote', v_invoice.vat_note,
    'seller', jsonb_build_object('name', v_seller -> 'name', 'addressLines', coalesce(v_seller -> 'addressLines', '[]'),
      'country', v_seller -> 'country', 'vatId', v_seller -> 'vatId', 'iban', v_seller -> 'iban', 'bic', v_seller -> 'bic',
      'email', v_seller -> 'email'),
    'buyer', jsonb_build_object('name', v_buyer -> 'name', 'addressLines', coalesce(v_buyer -> 'addressLines', '[]'),
      'country', v_buyer -> 'country', 'vatId', v_buyer -> 'vatId', 'poReference', v_buyer -> 'poReference'),
    'lines', coalesce((select jsonb_agg(jsonb_build_object(
        'description', l.description, 'quantity', l.quantity, 'unitAmountMinor', l.unit_amount_minor,
        'amountMinor', l.amount_minor, 'vatRateBp', l.vat_rate_bp) order by l.position)
      from public.invoice_lines l where l.invoice_id = v_invoice.id), '[]'),
    'vatBreakdown', coalesce((select jsonb_agg(jsonb_build_object(
        'rateBp', b.rate_bp, 'taxableMinor', b.taxable_minor, 'vatMinor', b.vat_minor) order by b.rate_bp desc)
      from public.invoice_vat_breakdown b where b.invoice_id = v_invoice.id), '[]'),
    'subtotalMinor', v_invoice.subtotal_minor,
    'vatMinor', v_invoice.vat_minor,
    'totalMinor', v_invoice.total_minor,
    'credits', case when v_invoice.kind = 'credit_note'
      then jsonb_build_object('invoiceNumber', v_credited.number, 'reason', v_invoice.reason) end,
    'payment', case when v_invoice.kind = 'invoice' then jsonb_build_object(
      'rfReference', v_invoice.rf_reference, 'iban', v_seller -> 'iban', 'bic', v_seller -> 'bic',
      'beneficiary', v_seller -> 'name', 'termsDays', coalesce((v_seller ->> 'termsDays')::integer, v_invoice.due_date - v_invoice.issue_date)) end
  );
end;
$$;
comment on function public.invoice_document(uuid) is
  'Everything an invoice''s PDF prints (the document JSON of docs/decisions/069-billing-model.md): issued invoices for the organisation''s administrators and system administrators, drafts (as they would read if issued now; number null) for system administrators. periodEnd is inclusive. 42501 not_organization_admin, aal2_required; P0002 invoice_not_found.';
revoke execute on function public.invoice_document(uuid) from public, anon;
grant execute on function public.invoice_document(uuid) to authenticated;

create function private.record_invoice_pdf(p_invoice_id uuid, p_path text, p_sha256 text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices%rowtype;
begin
  if p_path is null or char_length(p_path) not between 1 and 500 or p_sha256 is null or p_sha256 !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = 'invalid_parameter_value', message = 'invoice_pdf_invalid',
      detail = 'Give the stored path and the hex SHA-256 of the PDF.';
  end if;
  v_invoice := private.lock_invoice(p_invoice_id);
  if v_invoice.status <> 'issued' then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'invoice_not_issued', detail = 'Only an issued invoice has a PDF.';
  end if;
  if v_invoice.pdf_path is not null then
    -- Rendering is deterministic: the same file again is no change; another is refused.
    if v_invoice.pdf_path = p_path and v_invoice.pdf_sha256 = p_sha256 then
      return false;
    end if;
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'invoice_pdf_recorded',
      detail = 'This invoice''s PDF is already recorded.';
  end if;
  update public.invoices i set pdf_path = p_path, pdf_sha256 = p_sha256 where i.id = p_invoice_id;
  return true;
end;
$$;
comment on function private.record_invoice_pdf(uuid, text, text) is
  'Sets an issued invoice''s pdf_path and pdf_sha256 once (true); the same pair again answers false; another pair is refused (55000 invoice_pdf_recorded). 22023 invoice_pdf_invalid; 55000 invoice_not_issued; P0002 invoice_not_found.';
revoke execute on function private.record_invoice_pdf(uuid, text, text) from public, anon, authenticated;
grant execute on function private.record_invoice_pdf(uuid, text, text) to service_role;

-- PostgREST exposes public only: the Edge Function reaches the private one through this.
create function public.record_invoice_pdf(p_invoice_id uuid, p_path text, p_sha256 text)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  select private.record_invoice_pdf(p_invoice_id, p_path, p_sha256);
$$;
comment on function public.record_invoice_pdf(uuid, text, text) is
  'Service role only (the invoice-pdf Edge Function): private.record_invoice_pdf through the Data API.';
revoke execute on function public.record_invoice_pdf(uuid, text, text) from public, anon, authenticated;
grant execute on function public.record_invoice_pdf(uuid, text, text) to service_role;

create function public.billing_standing(p_organization_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_membership public.memberships%rowtype;
  v_plan_name text;
  v_overdue boolean;
begin
  perform private.require_billing_reader(p_organization_id, false);
  select * into v_membership from public.memberships m where m.organization_id = p_organization_id;
  select mp.plan_name into v_plan_name from public.membership_periods mp
   where mp.organization_id = p_organization_id and mp.period_start = v_membership.current_period_start;
  select exists (select 1 from public.invoices i
    where i.organization_id = p_organization_id and i.status = 'issued' and i.kind = 'invoice'
      and i.balance_minor > 0 and i.due_date < private.billing_today()) into v_overdue;
  return jsonb_build_object(
    'has_membership', v_membership.organization_id is not null,
    'plan_name', coalesce(v_plan_name, (select p.name from public.pricing_plans p where p.id = v_membership.plan_id)),
    'status', v_membership.status,
    'next_renewal', case when v_membership.status = 'active' then v_membership.current_period_end end,
    'in_good_standing', not v_overdue,
    'overdue', v_overdue);
end;
$$;
comment on function public.billing_standing(uuid) is
  'Any member of the organisation, and system administrators: {has_membership, plan_name, status (active|ended|null), next_renewal (null unless active), in_good_standing, overdue} — no amounts. 42501 not_organization_member, aal2_required.';
revoke execute on function public.billing_standing(uuid) from public, anon;
grant execute on function public.billing_standing(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- The back office's reads
-- ---------------------------------------------------------------------------
create function public.admin_billing_overview()
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
        from (select mp.currency, round(sum(case mp.billing_period when 'year' then mp.unit_amount_minor / 12.0 else mp.unit_amount_minor end))::bigint as mrr
                from public.memberships m
                join public.membership_periods mp on mp.organization_id = m.organization_id and mp.period_start = m.current_period_start
               where m.status = 'active'
               group by mp.currency) r), '[]'),
    'receivables', coalesce((
      select jsonb_agg(jsonb_build_object(
               'currency', a.currency, 'outstandingMinor', a.outstanding, 'overdueMinor', a.overdue,
               'ageing', jsonb_build_object('d0_30', a.d0_30, 'd31_60', a.d31_60, 'd61_90', a.d61_90, 'd90_plus', a.d90_plus))
             order by a.currency)
        from (select i.currency,
                     sum(i.balance_minor)::bigint as outstanding,
                     coalesce(sum(i.balance_minor) filter (where i.due_date < v_today), 0)::bigint as overdue,
                     -- Days past due; not yet due counts in 0–30.
                     coalesce(sum(i.balance_minor) filter (where v_today - i.due_date <= 30), 0)::bigint as d0_30,
                     coalesce(sum(i.balance_minor) filter (where v_today - i.due_date between 31 and 60), 0)::bigint as d31_60,
                     coalesce(sum(i.balance_minor) filter (where v_today - i.due_date between 61 and 90), 0)::bigint as d61_90,
                     coalesce(sum(i.balance_minor) filter (where v_today - i.due_date > 90), 0)::bigint as d90_plus
                from public.invoices i
               where i.status = 'issued' and i.kind = 'invoice' and i.balance_minor > 0
               group by i.currency) a), '[]'),
    'overdueOrganizations', (select count(distinct i.organization_id)::integer from public.invoices i
       where i.status = 'issued' and i.kind = 'invoice' and i.balance_minor > 0 and i.due_date < v_today - 30),
    'upcomingRenewals', (select count(*)::integer from public.memberships m
       where m.status = 'active' and m.current_period_end >= v_today and m.current_period_end < v_today + 30),
    'drafts', (select count(*)::integer from public.invoices i where i.status = 'draft'));
end;
$$;
comment on function public.admin_billing_overview() is
  'System administrators only (42501, aal2_required). {today, recurring: [{currency, mrrMinor, arrMinor}], receivables: [{currency, outstandingMinor, overdueMinor, ageing: {d0_30, d31_60, d61_90, d90_plus}}] (days past due; not yet due is in d0_30), overdueOrganizations (30 days or more), upcomingRenewals (next 30 days), drafts}.';
revoke execute on function public.admin_billing_overview() from public, anon;
grant execute on function public.admin_billing_overview() to authenticated;

create function public.admin_overdue_organizations()
returns table (
  organization_id uuid,
  organization_name text,
  currency text,
  overdue_minor bigint,
  invoice_count integer,
  oldest_due_date date
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('see billing');
  return query
    select i.organization_id, o.name, i.currency::text, sum(i.balance_minor)::bigint, count(*)::integer, min(i.due_date)
      from public.invoices i
      join public.organizations o on o.id = i.organization_id
     where i.status = 'issued' and i.kind = 'invoice' and i.balance_minor > 0
       and i.due_date <= private.billing_today() - 30
     group by i.organization_id, o.name, i.currency
     order by min(i.due_date), o.name;
end;
$$;
comment on function public.admin_overdue_organizations() is
  'System administrators only (42501, aal2_required). Organisations with an invoice 30 days or more past due, per currency: what those invoices owe, how many, the oldest due date. Derived, never stored; nothing here suspends anyone (an administrator uses the registry suspension).';
revoke execute on function public.admin_overdue_organizations() from public, anon;
grant execute on function public.admin_overdue_organizations() to authenticated;

create function public.admin_list_invoices(
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
  if p_period_from is not null then v_where := v_where || format('i.period_start >= %L::date', p_period_from); end if;
  if p_period_to is not null then v_where := v_where || format('i.period_start < %L::date', p_period_to); end if;
  if nullif(btrim(p_number), '') is not null then
    v_where := v_where || format('i.number like %L', replace(replace(replace(upper(btrim(p_number)), '\', '\\'), '%', '\%'), '_', '\_') || '%');
  end if;
  if p_after_id is not null then
    v_where := v_where || format('(i.created_at, i.id) < (%L::timestamptz, %L::uuid)', p_after_created_at, p_after_id);
  end if;
  return query execute format(
    'select i.id, i.kind, i.status, i.number, i.organization_id, coalesce(i.buyer ->> ''name'', o.name), i.issue_date, i.due_date,
            i.period_start, i.period_end, i.currency::text, i.subtotal_minor, i.vat_minor, i.total_minor, i.credited_minor, i.paid_minor,
            i.balance_minor, i.payment_status,
            (i.status = ''issued'' and i.kind = ''invoice'' and i.balance_minor > 0 and i.due_date < %L::date),
            i.credited_invoice_id, i.created_at
       from (select * from public.invoices i where %s order by i.created_at desc, i.id desc limit %s) i
       join public.organizations o on o.id = i.organization_id
      order by i.created_at desc, i.id desc',
    v_today, array_to_string(v_where, ' and '), least(greatest(coalesce(p_limit, 50), 1), 200));
end;
$$;
comment on function public.admin_list_invoices(text, text, text, boolean, uuid, date, date, text, timestamptz, uuid, integer) is
  'System administrators only (42501, aal2_required). Invoices and credit notes newest first (created_at, id), keyset-paged (pass the last row''s created_at and id), at most 200 a page (50 by default), filtered by status, kind, payment status, overdue, organisation, period (period_start in [from, to)) and number prefix. 22023 cursor_incomplete, status_invalid, kind_invalid, payment_status_invalid, number_too_long.';
revoke execute on function public.admin_list_invoices(text, text, text, boolean, uuid, date, date, text, timestamptz, uuid, integer) from public, anon;
grant execute on function public.admin_list_invoices(text, text, text, boolean, uuid, date, date, text, timestamptz, uuid, integer) to authenticated;

-- ---------------------------------------------------------------------------
-- The renewal run (service role; pg_cron on hosted, the stack's schedule locally)
-- ---------------------------------------------------------------------------
create function public.billing_run(p_now timestamptz default null, p_organization_ids uuid[] default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date;
  v_settings public.billing_seller_settings%rowtype;
  v_rolled integer := 0;
  v_step integer;
  v_drafted integer := 0;
  v_issued integer := 0;
  v_reminded integer := 0;
  v_issue_skipped text;
  v_round integer := 0;
  v_invoice uuid;
  v_reminder record;
  v_orgs uuid[];
  v_plans uuid[];
  v_starts date[];
begin
  if p_now is not null then
    perform pg_catalog.set_config('accord.billing_now', p_now::text, true);
  end if;
  v_today := private.billing_today();
  -- One run at a time: the schedule and a manual run never draft the same period twice.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.billing_run'));
  select * into v_settings from public.billing_seller_settings;

  -- 1. Periods: move memberships into periods that have started, and draft the
  -- next period of those within the lead days. Repeated so a run after a long
  -- pause catches up period by period.
  loop
    v_round := v_round + 1;
    update public.memberships m
       set current_period_start = mp.period_start, current_period_end = mp.period_end,
           plan_id = mp.plan_id, next_plan_id = null, updated_at = now()
      from public.membership_periods mp
     where m.status = 'active' and m.current_period_end <= v_today
       and (p_organization_ids is null or m.organization_id = any (p_organization_ids))
       and mp.organization_id = m.organization_id and mp.period_start = m.current_period_end;
    get diagnostics v_step = row_count;
    v_rolled := v_rolled + v_step;

    select coalesce(array_agg(m.organization_id order by m.organization_id), '{}'),
           coalesce(array_agg(coalesce(m.next_plan_id, m.plan_id) order by m.organization_id), '{}'),
           coalesce(array_agg(m.current_period_end order by m.organization_id), '{}')
      into v_orgs, v_plans, v_starts
      from public.memberships m
     where m.status = 'active' and m.current_period_end <= v_today + v_settings.renewal_lead_days
       and (p_organization_ids is null or m.organization_id = any (p_organization_ids))
       and not exists (select 1 from public.membership_periods mp
                        where mp.organization_id = m.organization_id and mp.period_start = m.current_period_end);
    v_step := 0;
    if cardinality(v_orgs) > 0 then
      select count(*) into v_step from private.create_period_drafts(v_orgs, v_plans, v_starts, null);
    end if;
    v_drafted := v_drafted + v_step;
    exit when v_step = 0 or v_round >= 60;
  end loop;

  -- 2. Drafts past their grace days are issued, oldest first (numbers follow
  -- their order). Without complete seller settings or a VAT rate, none is, and
  -- the run says why.
  begin
    perform private.seller_snapshot();
    if not exists (select 1 from public.billing_vat_rates r where r.country = v_settings.country) then
      raise exception using errcode = 'object_not_in_prerequisite_state', message = 'vat_rate_missing';
    end if;
  exception when object_not_in_prerequisite_state then
    v_issue_skipped := sqlerrm;
  end;
  if v_issue_skipped is null then
    for v_invoice in
      select i.id from public.invoices i
       where i.status = 'draft' and i.kind = 'invoice' and i.membership_period_id is not null
         and i.draft_created_on <= v_today - v_settings.renewal_grace_days
         and (p_organization_ids is null or i.organization_id = any (p_organization_ids))
       order by i.draft_created_on, i.period_start, i.id
    loop
      perform private.issue_invoice(v_invoice);
      v_issued := v_issued + 1;
    end loop;
  end if;

  -- 3. Reminders: the one an open invoice has reached today, once.
  for v_reminder in
    with open_invoices as (
      select i.id, i.organization_id, i.number, i.due_date, i.balance_minor, i.currency,
             case when v_today - i.due_date >= 14 then 'overdue_14'
                  when v_today - i.due_date >= 7 then 'overdue_7'
                  when v_today >= i.due_date then 'due'
                  else 'before_due' end as kind
        from public.invoices i
       where i.status = 'issued' and i.kind = 'invoice' and i.balance_minor > 0
         and i.due_date <= v_today + 7
         and (p_organization_ids is null or i.organization_id = any (p_organization_ids))
    ), queued as (
      insert into public.billing_reminders (invoice_id, kind, queued_at)
      select o.id, o.kind, private.billing_now() from open_invoices o
       where not exists (select 1 from public.billing_reminders r where r.invoice_id = o.id and r.kind = o.kind)
      on conflict do nothing
      returning invoice_id, kind
    )
    select o.*, q.kind as queued_kind from queued q join open_invoices o on o.id = q.invoice_id
  loop
    perform private.notify_billing(v_reminder.organization_id, 'billing_reminder',
      case v_reminder.queued_kind
        when 'before_due' then format('Invoice %s is due on %s', v_reminder.number, to_char(v_reminder.due_date, 'FMDD FMMonth YYYY'))
        when 'due' then format('Invoice %s is due today', v_reminder.number)
        else format('Invoice %s is overdue', v_reminder.number) end,
      format('%s remains to pay. The invoice, bank details and payment reference are on your billing page.',
        private.format_money(v_reminder.balance_minor, v_reminder.currency)));
    v_reminded := v_reminded + 1;
  end loop;

  return jsonb_build_object(
    'now', private.billing_now(), 'today', v_today,
    'periodsStarted', v_rolled, 'draftsCreated', v_drafted, 'invoicesIssued', v_issued,
    'issueSkipped', v_issue_skipped, 'remindersQueued', v_reminded,
    'overdueOrganizations', (select count(distinct i.organization_id)::integer from public.invoices i
       where i.status = 'issued' and i.kind = 'invoice' and i.balance_minor > 0 and i.due_date <= v_today - 30
         and (p_organization_ids is null or i.organization_id = any (p_organization_ids))));
end;
$$;
comment on function public.billing_run(timestamptz, uuid[]) is
  'Service role only (pg_cron on hosted; the local stack''s schedule). Idempotent: starts periods that began, drafts the next period of memberships within renewal_lead_days (priced at its start), issues drafts renewal_grace_days old, queues each reminder (before_due 7 days ahead, due, overdue_7, overdue_14) once as notifications to the organisation''s administrators, and counts organisations 30 days overdue (admin_overdue_organizations lists them; nothing is suspended). p_now sets the test clock for its transaction; p_organization_ids (null: all) limits the run to those organisations, so a test''s clock moves only its own memberships. Returns {now, today, periodsStarted, draftsCreated, invoicesIssued, issueSkipped, remindersQueued, overdueOrganizations}.';
revoke execute on function public.billing_run(timestamptz, uuid[]) from public, anon, authenticated;
grant execute on function public.billing_run(timestamptz, uuid[]) to service_role;

-- ---------------------------------------------------------------------------
-- Bank reconciliation
-- ---------------------------------------------------------------------------
-- Proposes a match for each unmatched, unpaid credit line of a statement.
create function private.match_statement_lines(p_statement_id uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  -- By the RF creditor reference in the remittance text (spaces and case ignored).
  update public.bank_statement_lines l
     set matched_invoice_id = i.id, match_reason = 'rf_reference'
    from public.invoices i
   where l.statement_id = p_statement_id and l.matched_invoice_id is null and l.amount_minor > 0
     and i.rf_reference = (regexp_match(upper(regexp_replace(coalesce(l.remittance, ''), '\s', '', 'g')), 'RF[0-9]{2}[0-9A-Z]{1,21}'))[1]
     and i.kind = 'invoice' and i.status = 'issued';
  -- Else by exact amount and currency on one open invoice whose buyer's name is like the payer's.
  update public.bank_statement_lines l
     set matched_invoice_id = c.invoice_id, match_reason = 'amount_and_name'
    from (
      select l2.line_no, min(i.id::text)::uuid as invoice_id, count(*) as candidates
        from public.bank_statement_lines l2
        join public.invoices i on i.status = 'issued' and i.kind = 'invoice' and i.balance_minor = l2.amount_minor
             and i.currency = l2.currency
       where l2.statement_id = p_statement_id and l2.matched_invoice_id is null and l2.amount_minor > 0
         and l2.counterparty_name is not null
         and extensions.similarity(lower(i.buyer ->> 'name'), lower(l2.counterparty_name)) >= 0.4
       group by l2.line_no
    ) c
   where l.statement_id = p_statement_id and l.line_no = c.line_no and c.candidates = 1;
end;
$$;
comment on function private.match_statement_lines(uuid) is
  'Proposes matches for a statement''s credit lines: the invoice whose RF reference is in the remittance text; else the one open invoice with exactly that amount and currency whose buyer name is trigram-similar (≥ 0.4) to the payer''s. Several candidates: left unmatched.';
revoke execute on function private.match_statement_lines(uuid) from public;

create function public.admin_import_bank_statement(p_file_name text, p_format text, p_sha256 text, p_lines jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_sha text := lower(btrim(coalesce(p_sha256, '')));
  v_count integer;
begin
  perform private.require_system_admin('import bank statements');
  if v_sha !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = 'invalid_parameter_value', message = 'statement_sha256_invalid', detail = 'Give the file''s SHA-256 in hex.';
  end if;
  select s.id into v_id from public.bank_statements s where s.sha256 = v_sha;
  if found then
    return jsonb_build_object('statementId', v_id, 'alreadyImported', true);
  end if;
  if p_format is null or p_format not in ('camt053', 'csv') then
    raise exception using errcode = 'invalid_parameter_value', message = 'statement_format_invalid', detail = 'A statement is camt.053 XML or CSV.';
  end if;
  if p_file_name is null or char_length(btrim(p_file_name)) not between 1 and 255 then
    raise exception using errcode = 'invalid_parameter_value', message = 'statement_file_name_invalid', detail = 'Give the file''s name.';
  end if;
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' or jsonb_array_length(p_lines) > 5000 then
    raise exception using errcode = 'invalid_parameter_value', message = 'statement_lines_invalid',
      detail = 'A statement holds a list of at most 5,000 lines.';
  end if;
  insert into public.bank_statements (file_name, format, uploaded_by, sha256)
  values (btrim(p_file_name), p_format, auth.uid(), v_sha)
  on conflict (sha256) do nothing
  returning id into v_id;
  if v_id is null then
    select s.id into v_id from public.bank_statements s where s.sha256 = v_sha;
    return jsonb_build_object('statementId', v_id, 'alreadyImported', true);
  end if;
  begin
    insert into public.bank_statement_lines (statement_id, line_no, booked_on, amount_minor, currency, counterparty_name,
      remittance, end_to_end_id)
    select v_id, coalesce((e ->> 'lineNo')::integer, o::integer), (e ->> 'bookedOn')::date, (e ->> 'amountMinor')::bigint,
           upper(e ->> 'currency'), left(nullif(btrim(e ->> 'counterpartyName'), ''), 300), left(nullif(btrim(e ->> 'remittance'), ''), 1000),
           left(nullif(btrim(e ->> 'endToEndId'), ''), 100)
      from jsonb_array_elements(p_lines) with ordinality as x(e, o);
  exception when not_null_violation or check_violation or invalid_text_representation or invalid_datetime_format
                 or datetime_field_overflow or numeric_value_out_of_range or unique_violation then
    raise exception using errcode = 'invalid_parameter_value', message = 'statement_lines_invalid',
      detail = 'Each line needs lineNo (unique), bookedOn (YYYY-MM-DD), amountMinor (integer), currency (3 letters).';
  end;
  get diagnostics v_count = row_count;
  perform private.match_statement_lines(v_id);
  perform private.billing_activity('bank_statement.imported', null, jsonb_build_object(
    'statement_id', v_id, 'file_name', btrim(p_file_name), 'lines', jsonb_array_length(p_lines),
    'matched', (select count(*) from public.bank_statement_lines l where l.statement_id = v_id and l.matched_invoice_id is not null)));
  return jsonb_build_object('statementId', v_id, 'alreadyImported', false);
end;
$$;
comment on function public.admin_import_bank_statement(text, text, text, jsonb) is
  'System administrators only (42501, aal2_required). Stores a statement parsed in the browser (p_lines: [{lineNo, bookedOn, amountMinor, currency, counterpartyName, remittance, endToEndId}]) and proposes matches (private.match_statement_lines); the same file (p_sha256) again answers the statement already imported. Returns {statementId, alreadyImported}. Records bank_statement.imported. 22023 statement_sha256_invalid, statement_format_invalid, statement_file_name_invalid, statement_lines_invalid.';
revoke execute on function public.admin_import_bank_statement(text, text, text, jsonb) from public, anon;
grant execute on function public.admin_import_bank_statement(text, text, text, jsonb) to authenticated;

create function public.admin_match_statement_line(p_statement_id uuid, p_line_no integer, p_invoice_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_line public.bank_statement_lines%rowtype;
begin
  perform private.require_system_admin('match bank statements');
  select * into v_line from public.bank_statement_lines l
   where l.statement_id = p_statement_id and l.line_no = p_line_no for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'statement_line_not_found', detail = 'This statement line does not exist.';
  end if;
  if v_line.payment_id is not null then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'statement_line_confirmed',
      detail = 'This line is already recorded as a payment.';
  end if;
  if p_invoice_id is not null and not exists (
    select 1 from public.invoices i where i.id = p_invoice_id and i.kind = 'invoice' and i.status = 'issued' and i.currency = v_line.currency) then
    raise exception using errcode = 'invalid_parameter_value', message = 'allocation_invoice_invalid',
      detail = 'Match a line to an issued invoice in the line''s currency.';
  end if;
  update public.bank_statement_lines l
     set matched_invoice_id = p_invoice_id, match_reason = case when p_invoice_id is not null then 'manual' end
   where l.statement_id = p_statement_id and l.line_no = p_line_no;
end;
$$;
comment on function public.admin_match_statement_line(uuid, integer, uuid) is
  'System administrators only (42501, aal2_required). Matches an unconfirmed statement line to an invoice by hand (match_reason manual), or clears its match (null). P0002 statement_line_not_found; 55000 statement_line_confirmed; 22023 allocation_invoice_invalid.';
revoke execute on function public.admin_match_statement_line(uuid, integer, uuid) from public, anon;
grant execute on function public.admin_match_statement_line(uuid, integer, uuid) to authenticated;

create function public.admin_confirm_statement_matches(p_statement_id uuid, p_line_nos integer[])
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_line record;
  v_payment uuid;
  v_recorded integer := 0;
  v_skipped integer := 0;
begin
  perform private.require_system_admin('confirm bank statement matches');
  if not exists (select 1 from public.bank_statements s where s.id = p_statement_id) then
    raise exception using errcode = 'no_data_found', message = 'statement_not_found', detail = 'This statement does not exist.';
  end if;
  for v_line in
    select l.*, i.organization_id, i.balance_minor
      from public.bank_statement_lines l
      join public.invoices i on i.id = l.matched_invoice_id
     where l.statement_id = p_statement_id and l.line_no = any (coalesce(p_line_nos, '{}'))
     order by l.line_no
       for update of l
  loop
    if v_line.payment_id is not null or v_line.amount_minor <= 0 then
      v_skipped := v_skipped + 1;
      continue;
    end if;
    -- The payment is the line's money; what the invoice still owes is settled, any rest stays unallocated.
    v_payment := private.record_payment(v_line.organization_id, v_line.amount_minor, v_line.currency, v_line.booked_on,
      'bank_transfer', coalesce(v_line.remittance, v_line.end_to_end_id),
      case when v_line.balance_minor > 0
        then jsonb_build_array(jsonb_build_object('invoiceId', v_line.matched_invoice_id,
               'amountMinor', least(v_line.amount_minor, v_line.balance_minor)))
        else '[]'::jsonb end,
      format('statement:%s:%s', p_statement_id, v_line.line_no));
    update public.bank_statement_lines l set payment_id = v_payment
     where l.statement_id = p_statement_id and l.line_no = v_line.line_no;
    v_recorded := v_recorded + 1;
  end loop;
  if v_recorded > 0 then
    perform private.billing_activity('bank_statement.confirmed', null, jsonb_build_object(
      'statement_id', p_statement_id, 'payments', v_recorded));
  end if;
  return jsonb_build_object('recorded', v_recorded, 'alreadyRecorded', v_skipped);
end;
$$;
comment on function public.admin_confirm_statement_matches(uuid, integer[]) is
  'System administrators only (42501, aal2_required). Records a bank-transfer payment for each listed matched line, in one transaction, allocated to its invoice up to what it owes; a line already confirmed is never paid twice (idempotency key statement:{id}:{line}). Unmatched lines are left as they are. Returns {recorded, alreadyRecorded}. Records bank_statement.confirmed. P0002 statement_not_found.';
revoke execute on function public.admin_confirm_statement_matches(uuid, integer[]) from public, anon;
grant execute on function public.admin_confirm_statement_matches(uuid, integer[]) to authenticated;

-- Billing notifications go by e-mail unless the person says otherwise.
create or replace function private.notification_email_default(p_kind public.notification_kind)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_kind in ('application_decided', 'application_changes_requested', 'registry_status_changed', 'network_reply',
                    'invoice_issued', 'billing_reminder');
$$;
comment on function private.notification_email_default(public.notification_kind) is
  'Whether a kind goes by e-mail when the person has not chosen (decisions 046 and 069).';
