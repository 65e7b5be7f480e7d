-- Paying an invoice by card through a payment provider (Stripe), exactly once
-- (issue 26; docs/decisions/078-payment-provider.md).
--
-- * public.payment_attempts: one row per "Pay by card" that reached the
--   provider, with its idempotency key pay:{invoice}:{attempt} written BEFORE
--   the provider is called, so a double click, a retry or a second tab sends
--   the same key and the provider answers the same payment.
-- * private.provider_events: every webhook event by its id (primary key;
--   a repeat is ignored), with what became of it: applied, refused (recorded
--   and nothing changed) or failed (retried by the scheduler).
-- * Service-role functions the Edge Functions call: start and record an
--   attempt, receive an event, apply a payment intent's state in one
--   transaction (state only moves forward: paid is final), record a failure,
--   list what to retry; and the card refund, recorded with its credit note.
-- * admin_list_payment_event_failures: what /admin/billing lists until applied.

-- ---------------------------------------------------------------------------
-- Attempts
-- ---------------------------------------------------------------------------
create table public.payment_attempts (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references public.invoices (id) on delete restrict,
  organization_id uuid not null references public.organizations (id) on delete restrict,
  attempt integer not null check (attempt > 0),
  provider text not null default 'stripe' check (provider in ('stripe')),
  idempotency_key text not null unique check (idempotency_key ~ '^pay:[0-9a-f-]{36}:[0-9]+$'),
  amount_minor bigint not null check (amount_minor > 0),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  -- creating: key stored, provider not yet answered; open: the payment page
  -- exists; processing; failed (the card's reason kept); succeeded (final);
  -- expired (the page ran out, or the balance changed before it was used).
  status text not null default 'creating'
    check (status in ('creating', 'open', 'processing', 'failed', 'succeeded', 'expired')),
  provider_session_id text unique,
  provider_payment_id text unique,
  checkout_url text,
  failure_code text,
  failure_message text check (failure_message is null or char_length(failure_message) <= 500),
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (invoice_id, attempt)
);
comment on table public.payment_attempts is
  'One card payment attempt per row, its idempotency key pay:{invoice}:{attempt} stored before the provider is called. Written only by the payment functions; organisation admins and system admins read their rows.';
create unique index payment_attempts_organization_idx on public.payment_attempts (organization_id, id);
alter table public.payment_attempts enable row level security;
revoke all on table public.payment_attempts from anon, authenticated;
grant select on table public.payment_attempts to authenticated;
create policy "payment_attempts: organisation admins and system admins read"
  on public.payment_attempts for select to authenticated
  using (organization_id in (select private.admin_organization_ids()) or (select private.is_system_admin()));
comment on policy "payment_attempts: organisation admins and system admins read" on public.payment_attempts is
  'As payments: an organisation''s administrators see how they paid; plain members see no amounts.';

-- The member's page follows its attempt's outcome live.
alter publication supabase_realtime add table public.payment_attempts;

-- ---------------------------------------------------------------------------
-- Provider events
-- ---------------------------------------------------------------------------
create table private.provider_events (
  id text primary key check (char_length(id) between 1 and 255),
  provider text not null default 'stripe',
  type text not null,
  object_id text,
  payload jsonb not null,
  status text not null default 'received' check (status in ('received', 'applied', 'refused', 'failed')),
  attempts integer not null default 0,
  last_error text,
  invoice_id uuid,
  received_at timestamptz not null default now(),
  applied_at timestamptz,
  next_retry_at timestamptz
);
comment on table private.provider_events is
  'Webhook events by id, stored before they are applied (a repeat delivery finds its row and changes nothing). refused: recorded, nothing changed; failed: retried by the scheduler (next_retry_at) and listed in /admin/billing until applied.';
-- The retry schedule's scan: events not applied by their due time (a received one whose
-- background apply never finished, a failed one), in due order.
create unique index provider_events_retry_idx on private.provider_events (next_retry_at, id) where status in ('received', 'failed');

-- ---------------------------------------------------------------------------
-- Starting a payment (as the organisation's administrator)
-- ---------------------------------------------------------------------------
create function public.start_card_payment(p_invoice_id uuid)
returns public.payment_attempts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices%rowtype;
  v_attempt public.payment_attempts%rowtype;
begin
  select * into v_invoice from public.invoices i where i.id = p_invoice_id;
  if not found or v_invoice.status <> 'issued' then
    perform private.require_billing_reader(coalesce(v_invoice.organization_id, '00000000-0000-0000-0000-000000000000'), true);
    raise exception using errcode = 'no_data_found', message = 'invoice_not_found', detail = 'This invoice does not exist.';
  end if;
  perform private.require_billing_reader(v_invoice.organization_id, true);
  -- One start at a time per invoice: three clicks queue here and find the first one's attempt.
  v_invoice := private.lock_invoice(p_invoice_id);
  if v_invoice.kind <> 'invoice' or v_invoice.balance_minor <= 0 then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'invoice_not_payable',
      detail = 'This invoice has nothing left to pay.';
  end if;
  select * into v_attempt from public.payment_attempts a
   where a.invoice_id = p_invoice_id order by a.attempt desc limit 1;
  if found and v_attempt.status = 'succeeded' then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'invoice_not_payable',
      detail = 'This invoice is being paid; its payment is on its way.';
  end if;
  -- The open attempt for exactly this balance is the answer: the same key, the same payment page.
  if found and v_attempt.status in ('creating', 'open', 'processing', 'failed')
     and not (v_attempt.status = 'failed' and v_attempt.provider_session_id is null)
     and v_attempt.amount_minor = v_invoice.balance_minor and v_attempt.created_at > now() - interval '23 hours' then
    return v_attempt;
  end if;
  if found and v_attempt.status in ('creating', 'open') then
    update public.payment_attempts a set status = 'expired', updated_at = now() where a.id = v_attempt.id;
  end if;
  insert into public.payment_attempts (invoice_id, organization_id, attempt, idempotency_key, amount_minor, currency, created_by)
  values (v_invoice.id, v_invoice.organization_id, coalesce(v_attempt.attempt, 0) + 1,
          format('pay:%s:%s', v_invoice.id, coalesce(v_attempt.attempt, 0) + 1),
          v_invoice.balance_minor, v_invoice.currency, auth.uid())
  returning * into v_attempt;
  perform private.billing_activity('payment.card_started', v_invoice.organization_id, jsonb_build_object(
    'invoice_id', v_invoice.id, 'attempt_id', v_attempt.id, 'amount_minor', v_attempt.amount_minor, 'currency', v_attempt.currency));
  return v_attempt;
end;
$$;
comment on function public.start_card_payment(uuid) is
  'An organisation''s administrator (or a system administrator) starts paying an issued invoice by card: answers the open attempt for exactly its balance (same idempotency key, so the provider answers the same payment), else records a new one with key pay:{invoice}:{attempt} for the open balance. Records payment.card_started. 42501 not_organization_admin, aal2_required; P0002 invoice_not_found; 55000 invoice_not_payable.';
revoke execute on function public.start_card_payment(uuid) from public, anon;
grant execute on function public.start_card_payment(uuid) to authenticated;

create function public.record_card_checkout(p_attempt_id uuid, p_session_id text, p_payment_id text, p_url text)
returns public.payment_attempts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_attempt public.payment_attempts%rowtype;
begin
  update public.payment_attempts a
     set provider_session_id = coalesce(a.provider_session_id, p_session_id),
         provider_payment_id = coalesce(a.provider_payment_id, p_payment_id),
         checkout_url = coalesce(p_url, a.checkout_url),
         status = case when a.status = 'creating' then 'open' else a.status end,
         updated_at = now()
   where a.id = p_attempt_id
  returning * into v_attempt;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'payment_attempt_not_found', detail = 'This payment attempt does not exist.';
  end if;
  return v_attempt;
end;
$$;
comment on function public.record_card_checkout(uuid, text, text, text) is
  'Service role only (pay-invoice): the provider''s payment page for an attempt. Moves creating to open; never back.';
revoke execute on function public.record_card_checkout(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.record_card_checkout(uuid, text, text, text) to service_role;

create function public.fail_card_checkout(p_attempt_id uuid, p_code text, p_message text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.payment_attempts a
     set status = 'failed', failure_code = left(p_code, 100), failure_message = left(p_message, 500), updated_at = now()
   where a.id = p_attempt_id and a.status = 'creating';
$$;
comment on function public.fail_card_checkout(uuid, text, text) is
  'Service role only (pay-invoice): the provider refused to create the payment; the next click starts a new attempt with a new key.';
revoke execute on function public.fail_card_checkout(uuid, text, text) from public, anon, authenticated;
grant execute on function public.fail_card_checkout(uuid, text, text) to service_role;

-- ---------------------------------------------------------------------------
-- Webhook events
-- ---------------------------------------------------------------------------
create function public.receive_provider_event(p_id text, p_type text, p_object_id text, p_payload jsonb)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_status text;
begin
  -- Applied in the background at once; if that never finishes, the schedule applies it after a minute.
  insert into private.provider_events (id, type, object_id, payload, next_retry_at)
  values (p_id, p_type, p_object_id, p_payload, now() + interval '1 minute')
  on conflict (id) do nothing;
  select e.status into v_status from private.provider_events e where e.id = p_id;
  return v_status;
end;
$$;
comment on function public.receive_provider_event(text, text, text, jsonb) is
  'Service role only (stripe-webhook): stores a verified event by its id, a repeat ignored; answers its status (received, applied, refused, failed).';
revoke execute on function public.receive_provider_event(text, text, text, jsonb) from public, anon, authenticated;
grant execute on function public.receive_provider_event(text, text, text, jsonb) to service_role;

create function private.refuse_provider_event(p_event_id text, p_reason text, p_invoice_id uuid, p_organization_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update private.provider_events e
     set status = 'refused', last_error = p_reason, invoice_id = p_invoice_id, applied_at = now(), next_retry_at = null
   where e.id = p_event_id;
  perform private.billing_activity('payment.event_refused', p_organization_id, jsonb_build_object(
    'event_id', p_event_id, 'reason', p_reason, 'invoice_id', p_invoice_id));
  return 'refused';
end;
$$;
comment on function private.refuse_provider_event(text, text, uuid, uuid) is
  'Marks an event refused (recorded, nothing else changed) and records payment.event_refused.';
revoke execute on function private.refuse_provider_event(text, text, uuid, uuid) from public;

create function public.record_provider_refusal(p_reason text, p_details jsonb)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  select private.billing_activity('payment.webhook_refused', null,
    jsonb_build_object('reason', left(p_reason, 200)) || coalesce(p_details, '{}'::jsonb));
$$;
comment on function public.record_provider_refusal(text, jsonb) is
  'Service role only (stripe-webhook): a delivery refused before it was stored (a signature that does not verify): recorded as payment.webhook_refused, nothing else.';
revoke execute on function public.record_provider_refusal(text, jsonb) from public, anon, authenticated;
grant execute on function public.record_provider_refusal(text, jsonb) to service_role;

create function public.apply_payment_intent(
  p_event_id text, p_intent_id text, p_status text, p_amount_minor bigint, p_currency text,
  p_invoice_id text, p_failure_code text, p_failure_message text
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_event private.provider_events%rowtype;
  v_invoice public.invoices%rowtype;
  v_attempt public.payment_attempts%rowtype;
  v_payment_id uuid;
  v_key text := 'stripe:' || p_intent_id;
  v_status text;
  v_admins integer;
begin
  select * into v_event from private.provider_events e where e.id = p_event_id for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'provider_event_not_found', detail = 'Store the event first.';
  end if;
  if v_event.status in ('applied', 'refused') then
    return v_event.status;
  end if;
  if p_invoice_id is null or p_invoice_id !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return private.refuse_provider_event(p_event_id, 'unknown_invoice', null, null);
  end if;
  select * into v_invoice from public.invoices i where i.id = p_invoice_id::uuid for update;
  if not found or v_invoice.kind <> 'invoice' or v_invoice.status <> 'issued' then
    return private.refuse_provider_event(p_event_id, 'unknown_invoice', null, null);
  end if;
  -- The attempt is found by its payment or its invoice's latest; a payment intent seen first links it.
  select * into v_attempt from public.payment_attempts a where a.provider_payment_id = p_intent_id for update;
  if not found then
    select * into v_attempt from public.payment_attempts a
     where a.invoice_id = v_invoice.id and a.provider_payment_id is null and a.status <> 'expired'
     order by a.attempt desc limit 1 for update;
    if found then
      update public.payment_attempts a set provider_payment_id = p_intent_id, updated_at = now() where a.id = v_attempt.id;
    end if;
  end if;

  if p_status = 'succeeded' then
    if not exists (select 1 from public.payments p where p.idempotency_key = v_key) then
      if upper(coalesce(p_currency, '')) <> v_invoice.currency or p_amount_minor is distinct from v_invoice.balance_minor then
        return private.refuse_provider_event(p_event_id, 'amount_mismatch', v_invoice.id, v_invoice.organization_id);
      end if;
      v_payment_id := private.record_payment(v_invoice.organization_id, p_amount_minor, v_invoice.currency,
        private.billing_today(), 'card', p_intent_id,
        jsonb_build_array(jsonb_build_object('invoiceId', v_invoice.id, 'amountMinor', p_amount_minor)), v_key);
      -- The receipt: once, with the payment that is new in this transaction.
      v_admins := private.notify_billing(v_invoice.organization_id, 'payment_received',
        format('Payment received for invoice %s', v_invoice.number),
        format('We received %s by card for invoice %s. Thank you.', private.format_money(p_amount_minor, v_invoice.currency), v_invoice.number));
    end if;
    v_status := 'succeeded';
  elsif p_status = 'processing' then
    v_status := 'processing';
  elsif p_status in ('requires_payment_method', 'canceled') and (p_failure_code is not null or p_status = 'canceled') then
    v_status := 'failed';
  else
    v_status := null;
  end if;
  -- Forward only: succeeded is final, and a failure never undoes processing that came after it.
  if v_attempt.id is not null and v_status is not null then
    update public.payment_attempts a
       set status = v_status,
           failure_code = case when v_status = 'failed' then left(p_failure_code, 100) else a.failure_code end,
           failure_message = case when v_status = 'failed' then left(p_failure_message, 500) else a.failure_message end,
           updated_at = now()
     where a.id = v_attempt.id and a.status <> 'succeeded'
       and not (a.status = 'processing' and v_status = 'failed' and p_status <> 'canceled');
  end if;
  update private.provider_events e
     set status = 'applied', applied_at = now(), invoice_id = v_invoice.id, last_error = null, next_retry_at = null
   where e.id = p_event_id;
  return 'applied';
end;
$$;
comment on function public.apply_payment_intent(text, text, text, bigint, text, text, text, text) is
  'Service role only (stripe-webhook): applies a payment intent''s state as fetched from the provider, in one transaction, once per event. succeeded records one payment per intent (key stripe:{intent}) for exactly the open balance with its receipt (payment_received), else refuses amount_mismatch; an unknown invoice is refused unknown_invoice; failures keep the card''s reason on the attempt. Succeeded is final. Answers applied or refused.';
revoke execute on function public.apply_payment_intent(text, text, text, bigint, text, text, text, text) from public, anon, authenticated;
grant execute on function public.apply_payment_intent(text, text, text, bigint, text, text, text, text) to service_role;

create function public.mark_provider_event(p_event_id text, p_status text, p_error text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_event private.provider_events%rowtype;
begin
  if p_status not in ('applied', 'failed', 'refused') then
    raise exception using errcode = 'invalid_parameter_value', message = 'provider_event_status_invalid', detail = 'applied, failed or refused.';
  end if;
  select * into v_event from private.provider_events e where e.id = p_event_id for update;
  if not found or v_event.status in ('applied', 'refused') then
    return;
  end if;
  if p_status = 'refused' then
    perform private.refuse_provider_event(p_event_id, left(p_error, 500), null, null);
    return;
  end if;
  update private.provider_events e
     set status = p_status,
         attempts = e.attempts + case when p_status = 'failed' then 1 else 0 end,
         last_error = case when p_status = 'failed' then left(p_error, 500) end,
         applied_at = case when p_status = 'applied' then now() end,
         -- The scheduler's next minute, then less often.
         next_retry_at = case when p_status = 'failed' then now() + least(interval '1 minute' * power(2, e.attempts), interval '1 hour') end
   where e.id = p_event_id;
  if p_status = 'failed' and v_event.status <> 'failed' then
    perform private.billing_activity('payment.event_failed', null, jsonb_build_object(
      'event_id', p_event_id, 'type', v_event.type, 'error', left(p_error, 500)));
  end if;
end;
$$;
comment on function public.mark_provider_event(text, text, text) is
  'Service role only (stripe-webhook): an event nothing needs to apply (applied), one that could not be applied now (failed: retried from next_retry_at, payment.event_failed recorded once), or one refused. Applied and refused events stay so.';
revoke execute on function public.mark_provider_event(text, text, text) from public, anon, authenticated;
grant execute on function public.mark_provider_event(text, text, text) to service_role;

create function public.provider_events_due(p_limit integer)
returns table (id text, type text, payload jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select e.id, e.type, e.payload from private.provider_events e
   where e.status in ('received', 'failed') and e.next_retry_at <= now()
   order by e.next_retry_at, e.id
   limit least(greatest(coalesce(p_limit, 20), 1), 100);
$$;
comment on function public.provider_events_due(integer) is
  'Service role only (the retry schedule through stripe-webhook): failed events due again and received ones never applied, oldest first.';
revoke execute on function public.provider_events_due(integer) from public, anon, authenticated;
grant execute on function public.provider_events_due(integer) to service_role;

create function public.admin_list_payment_event_failures()
returns table (id text, type text, attempts integer, last_error text, invoice_id uuid, received_at timestamptz, next_retry_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('see payment events');
  return query
    select e.id, e.type, e.attempts, e.last_error, e.invoice_id, e.received_at, e.next_retry_at
      from private.provider_events e
     where e.status = 'failed'
     order by e.next_retry_at, e.id
     limit 100;
end;
$$;
comment on function public.admin_list_payment_event_failures() is
  'System administrators only (42501, aal2_required): webhook events that failed to apply and wait for their retry, up to 100.';
revoke execute on function public.admin_list_payment_event_failures() from public, anon;
grant execute on function public.admin_list_payment_event_failures() to authenticated;

-- ---------------------------------------------------------------------------
-- Card refunds
-- ---------------------------------------------------------------------------
create table public.card_refunds (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null references public.payments (id) on delete restrict,
  invoice_id uuid not null references public.invoices (id) on delete restrict,
  amount_minor bigint not null check (amount_minor > 0),
  reason text not null check (char_length(btrim(reason)) between 1 and 500),
  -- refund:{payment}:{n}, stored before the provider is called.
  idempotency_key text not null unique,
  status text not null default 'requested' check (status in ('requested', 'succeeded', 'failed')),
  provider_refund_id text unique,
  payment_refund_id uuid unique references public.payment_refunds (id) on delete restrict,
  credit_note_id uuid unique references public.invoices (id) on delete restrict,
  requested_by uuid,
  created_at timestamptz not null default now(),
  unique (payment_id, id)
);
comment on table public.card_refunds is
  'A refund of a card payment asked of the provider (key refund:{payment}:{n} stored first), and once it succeeded the payment_refunds row and the credit note it made. System administrators read them.';
create unique index card_refunds_invoice_idx on public.card_refunds (invoice_id, id);
alter table public.card_refunds enable row level security;
revoke all on table public.card_refunds from anon, authenticated;
grant select on table public.card_refunds to authenticated;
create policy "card_refunds: system admins read"
  on public.card_refunds for select to authenticated
  using ((select private.is_system_admin()));
comment on policy "card_refunds: system admins read" on public.card_refunds is
  'The back office''s; the member sees the credit note and the refund on the invoice.';

create function public.admin_start_card_refund(p_payment_id uuid, p_invoice_id uuid, p_amount_minor bigint, p_reason text)
returns public.card_refunds
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_payment public.payments%rowtype;
  v_allocated bigint;
  v_pending bigint;
  v_row public.card_refunds%rowtype;
begin
  perform private.require_system_admin('refund card payments');
  if p_reason is null or char_length(btrim(p_reason)) = 0 then
    raise exception using errcode = 'invalid_parameter_value', message = 'refund_reason_required', detail = 'Say why the payment is refunded.';
  end if;
  if char_length(btrim(p_reason)) > 500 then
    raise exception using errcode = 'invalid_parameter_value', message = 'refund_reason_too_long', detail = 'The reason can be at most 500 characters.';
  end if;
  perform private.lock_invoice(p_invoice_id);
  select * into v_payment from public.payments p where p.id = p_payment_id;
  if not found or v_payment.method <> 'card' or v_payment.reference is null then
    raise exception using errcode = 'no_data_found', message = 'card_payment_not_found', detail = 'This is not a card payment.';
  end if;
  select a.amount_minor into v_allocated from public.payment_allocations a where a.payment_id = p_payment_id and a.invoice_id = p_invoice_id;
  if v_allocated is null then
    raise exception using errcode = 'no_data_found', message = 'allocation_not_found', detail = 'This payment did not pay this invoice.';
  end if;
  select coalesce(sum(r.amount_minor), 0) into v_pending from public.card_refunds r
   where r.payment_id = p_payment_id and r.invoice_id = p_invoice_id and r.status <> 'failed';
  if p_amount_minor is null or p_amount_minor <= 0 then
    raise exception using errcode = 'invalid_parameter_value', message = 'refund_amount_invalid', detail = 'A refund is an amount above zero.';
  end if;
  if p_amount_minor > v_allocated - v_pending then
    raise exception using errcode = 'invalid_parameter_value', message = 'refund_exceeds_payment',
      detail = format('At most %s of this payment can still be refunded.', private.format_money(v_allocated - v_pending, v_payment.currency));
  end if;
  insert into public.card_refunds (payment_id, invoice_id, amount_minor, reason, idempotency_key, requested_by)
  values (p_payment_id, p_invoice_id, p_amount_minor, btrim(p_reason),
          format('refund:%s:%s', p_payment_id, (select count(*) + 1 from public.card_refunds r where r.payment_id = p_payment_id)), auth.uid())
  returning * into v_row;
  return v_row;
end;
$$;
comment on function public.admin_start_card_refund(uuid, uuid, bigint, text) is
  'System administrators only (42501, aal2_required): records a card refund to ask of the provider, with its key refund:{payment}:{n}, never more than the payment paid on the invoice less refunds asked. 22023 refund_reason_required, refund_reason_too_long, refund_amount_invalid, refund_exceeds_payment; P0002 card_payment_not_found, allocation_not_found, invoice_not_found.';
revoke execute on function public.admin_start_card_refund(uuid, uuid, bigint, text) from public, anon;
grant execute on function public.admin_start_card_refund(uuid, uuid, bigint, text) to authenticated;

create function public.record_card_refund(p_refund_id uuid, p_provider_refund_id text, p_succeeded boolean)
returns public.card_refunds
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.card_refunds%rowtype;
  v_refund uuid;
  v_note public.invoices%rowtype;
  v_org uuid;
begin
  select * into v_row from public.card_refunds r where r.id = p_refund_id for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'card_refund_not_found', detail = 'This refund does not exist.';
  end if;
  if v_row.status <> 'requested' then
    return v_row;
  end if;
  if not p_succeeded then
    update public.card_refunds r set status = 'failed', provider_refund_id = p_provider_refund_id where r.id = p_refund_id returning * into v_row;
    return v_row;
  end if;
  select p.organization_id into v_org from public.payments p where p.id = v_row.payment_id;
  insert into public.payment_refunds (payment_id, invoice_id, amount_minor, refunded_on, reason, idempotency_key, recorded_by)
  values (v_row.payment_id, v_row.invoice_id, v_row.amount_minor, private.billing_today(), v_row.reason, v_row.idempotency_key, v_row.requested_by)
  returning id into v_refund;
  perform private.billing_activity('payment.refunded', v_org, jsonb_build_object(
    'refund_id', v_refund, 'payment_id', v_row.payment_id, 'invoice_id', v_row.invoice_id, 'amount_minor', v_row.amount_minor,
    'provider_refund_id', p_provider_refund_id));
  -- The money went back, so the invoice is reduced by a credit note for the same amount.
  v_note := private.create_credit_note(v_row.invoice_id, v_row.amount_minor, v_row.reason);
  update public.card_refunds r
     set status = 'succeeded', provider_refund_id = p_provider_refund_id, payment_refund_id = v_refund, credit_note_id = v_note.id
   where r.id = p_refund_id
  returning * into v_row;
  return v_row;
end;
$$;
comment on function public.record_card_refund(uuid, text, boolean) is
  'Service role only (refund-card-payment): the provider''s answer to a card refund. Succeeded: one payment_refunds row (payment.refunded) and a credit note for the amount, once; failed: marked so. A second call changes nothing.';
revoke execute on function public.record_card_refund(uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.record_card_refund(uuid, text, boolean) to service_role;

-- Receipts go by e-mail unless the person says otherwise.
create or replace function private.notification_email_default(p_kind public.notification_kind)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_kind in ('application_decided', 'application_changes_requested', 'registry_status_changed', 'network_reply',
                    'invoice_issued', 'billing_reminder', 'payment_received');
$$;
comment on function private.notification_email_default(public.notification_kind) is
  'Whether a kind goes by e-mail when the person has not chosen (decisions 046, 069 and 078).';
