-- Refused webhook deliveries no longer cost one activity row each (issue 26).
--
-- stripe-webhook is open to the internet (verify_jwt off: Stripe sends no JWT),
-- and every delivery whose signature did not verify wrote a
-- payment.webhook_refused row to network_activity: anyone could fill the log
-- administrators read with forged requests. Refusals are now counted per
-- reason in ten-minute windows: the first of a window is recorded in
-- network_activity at once (so a misconfigured signing secret is still seen
-- within seconds), the rest only counted on the window's row, with the last
-- one's details. Windows older than 30 days are dropped as new ones open.

create table private.provider_refusal_windows (
  reason text not null,
  window_start timestamptz not null,
  refusals integer not null default 1 check (refusals > 0),
  last_details jsonb,
  last_at timestamptz not null default now(),
  primary key (reason, window_start)
);
comment on table private.provider_refusal_windows is
  'Webhook deliveries refused before they were stored, counted per reason and ten-minute window; the first of each window is in network_activity as payment.webhook_refused.';

create or replace function public.record_provider_refusal(p_reason text, p_details jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_reason constant text := left(p_reason, 200);
  v_window constant timestamptz := pg_catalog.date_bin('10 minutes', pg_catalog.now(), timestamptz '2000-01-01 00:00:00+00');
  v_first boolean;
begin
  insert into private.provider_refusal_windows as w (reason, window_start, last_details)
  values (v_reason, v_window, p_details)
  on conflict (reason, window_start) do update
    set refusals = w.refusals + 1, last_details = excluded.last_details, last_at = pg_catalog.now()
  returning (w.refusals = 1) into v_first;

  if v_first then
    delete from private.provider_refusal_windows where window_start < v_window - interval '30 days';
    perform private.billing_activity('payment.webhook_refused', null,
      jsonb_build_object('reason', v_reason, 'window_start', v_window) || coalesce(p_details, '{}'::jsonb));
  end if;
end;
$$;
comment on function public.record_provider_refusal(text, jsonb) is
  'Service role only (stripe-webhook): a delivery refused before it was stored (a signature that does not verify). Counted per reason and ten-minute window; the first of a window is recorded as payment.webhook_refused.';
revoke execute on function public.record_provider_refusal(text, jsonb) from public, anon, authenticated;
grant execute on function public.record_provider_refusal(text, jsonb) to service_role;
