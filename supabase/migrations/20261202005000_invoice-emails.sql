-- Issued invoices and credit notes go to the organisation's billing e-mail
-- with the PDF attached (issue 25: "Invoice and credit-note e-mails attach it
-- or link to it"; docs/decisions/071-invoice-documents.md).
--
-- The organisation's administrators are already notified of each document
-- (in the app, and by e-mail if they chose so). The billing profile's e-mail
-- is often an accounts department with no Accord account: it gets the
-- document itself, once per issue and once per "send again".
--
-- * private.invoice_emails is the queue, filled in the transaction that issues
--   the document (a trigger, so every path that issues is covered: the
--   administrator, the renewal run, credit notes) or sends it again.
-- * claim_invoice_emails / finish_invoice_email are the service role's, for
--   the send-invoice-emails Edge Function, with the same claim, lease and five
--   attempts as the notification e-mails (decision 049).

create table private.invoice_emails (
  id bigint generated always as identity primary key,
  invoice_id uuid not null references public.invoices (id),
  -- The address when the document was issued or sent again: a later edit of
  -- the profile does not redirect a document already on its way.
  recipient text not null check (char_length(recipient) between 3 and 254),
  reason text not null check (reason in ('issued', 'sent_again')),
  created_at timestamptz not null default now(),
  claimed_until timestamptz,
  sent_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  last_error text
);
comment on table private.invoice_emails is
  'Invoices and credit notes to e-mail to a billing address with their PDF (send-invoice-emails). Written by private.queue_invoice_email only.';
revoke all on table private.invoice_emails from public, anon, authenticated;
-- Unique by construction (each ends in the key): see decision 069.
create unique index invoice_emails_invoice_idx on private.invoice_emails (invoice_id, id);
create unique index invoice_emails_unsent_idx on private.invoice_emails (created_at, id) where sent_at is null;

create function private.queue_invoice_email(p_invoice_id uuid, p_reason text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_recipient text;
begin
  select nullif(btrim(p.billing_email), '') into v_recipient
    from public.invoices i
    join public.billing_profiles p on p.organization_id = i.organization_id
   where i.id = p_invoice_id;
  if v_recipient is null then
    return false;
  end if;
  insert into private.invoice_emails (invoice_id, recipient, reason) values (p_invoice_id, v_recipient, p_reason);
  return true;
end;
$$;
comment on function private.queue_invoice_email(uuid, text) is
  'Queues the document for the organisation''s billing e-mail, if its profile has one; true when queued.';
revoke execute on function private.queue_invoice_email(uuid, text) from public;

create function private.invoice_issued_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'issued' and (tg_op = 'INSERT' or old.status is distinct from 'issued') then
    perform private.queue_invoice_email(new.id, 'issued');
  end if;
  return null;
end;
$$;
comment on function private.invoice_issued_email() is
  'After an invoice or credit note becomes issued: queues it for the billing e-mail.';
revoke execute on function private.invoice_issued_email() from public;

create trigger invoices_issued_email
  after insert or update of status on public.invoices
  for each row execute function private.invoice_issued_email();

-- "Send again" also sends the document to the billing address; the rest is
-- as in 20261202000200_billing.sql.
create or replace function public.admin_send_invoice_again(p_invoice_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices%rowtype;
  v_count integer;
  v_mailed boolean;
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
  v_mailed := private.queue_invoice_email(v_invoice.id, 'sent_again');
  perform private.billing_activity('invoice.sent_again', v_invoice.organization_id,
    jsonb_build_object('invoice_id', v_invoice.id, 'number', v_invoice.number, 'recipients', v_count,
      'billing_email', v_mailed));
  return v_count + case when v_mailed then 1 else 0 end;
end;
$$;
comment on function public.admin_send_invoice_again(uuid) is
  'System administrators only (42501, aal2_required). Notifies the organisation''s administrators of an issued invoice or credit note again (e-mail by their preference) and e-mails the document to the billing e-mail if the profile has one; returns how many recipients. Records invoice.sent_again. 55000 invoice_not_issued; P0002 invoice_not_found.';

-- The document JSON as invoice_document returns it, without the caller's
-- check: for the service role's mailer, which has no person behind it.
create function private.invoice_document_json(p_invoice_id uuid)
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
comment on function private.invoice_document_json(uuid) is
  'The document JSON of an invoice or credit note (as public.invoice_document), without checking the caller. P0002 invoice_not_found.';
revoke execute on function private.invoice_document_json(uuid) from public;

-- invoice_document keeps its checks and answers with the same JSON.
create or replace function public.invoice_document(p_invoice_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices%rowtype;
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
  return private.invoice_document_json(p_invoice_id);
end;
$$;

create function public.claim_invoice_emails(p_limit integer default 20)
returns table (id bigint, invoice_id uuid, recipient text, reason text, attempts integer, document jsonb)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if p_limit is null or p_limit not between 1 and 100 then
    raise exception using errcode = 'invalid_parameter_value', message = 'limit_invalid', detail = 'Take 1 to 100 at a time.';
  end if;
  return query
  with picked as (
    select q.id
      from private.invoice_emails q
     where q.sent_at is null
       and q.attempts < 5
       and (q.claimed_until is null or q.claimed_until < now())
     order by q.created_at, q.id
     limit p_limit
       for update skip locked
  ), claimed as (
    update private.invoice_emails q
       set claimed_until = now() + interval '5 minutes', attempts = q.attempts + 1
      from picked
     where q.id = picked.id
    returning q.id, q.invoice_id, q.recipient, q.reason, q.attempts, q.created_at
  )
  select c.id, c.invoice_id, c.recipient, c.reason, c.attempts, private.invoice_document_json(c.invoice_id)
    from claimed c
   order by c.created_at, c.id;
end;
$$;
comment on function public.claim_invoice_emails(integer) is
  'service_role only (the send-invoice-emails Edge Function). Takes up to p_limit (1..100) unsent invoice e-mails, skipping rows another run holds (for update skip locked, then a 5-minute lease), counts an attempt on each (five attempts, then given up) and returns each with its document JSON. 22023 limit_invalid.';
revoke execute on function public.claim_invoice_emails(integer) from public, anon, authenticated;
grant execute on function public.claim_invoice_emails(integer) to service_role;

create function public.finish_invoice_email(p_id bigint, p_error text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_error is null then
    update private.invoice_emails q
       set sent_at = now(), claimed_until = null, last_error = null
     where q.id = p_id and q.sent_at is null;
  else
    update private.invoice_emails q
       set claimed_until = null, last_error = left(p_error, 1000)
     where q.id = p_id and q.sent_at is null;
  end if;
end;
$$;
comment on function public.finish_invoice_email(bigint, text) is
  'service_role only (send-invoice-emails). Without p_error: sent. With p_error: failed this time, kept for the next run until five attempts. A row already sent is left as it is.';
revoke execute on function public.finish_invoice_email(bigint, text) from public, anon, authenticated;
grant execute on function public.finish_invoice_email(bigint, text) to service_role;
