-- A webhook event that failed to apply is retried by the schedule's next run,
-- not a minute later (issue 26, decision 078). The first failure is due at
-- once, so the next run of the schedule (each minute on hosted, every 20 s
-- locally) takes it: within a minute of the failure, where "a minute, then
-- the next run" made it one to two. Later failures back off as before, from a
-- minute: 1, 2, 4 … minutes, at most an hour. Only next_retry_at's first step
-- changes; signature, grants and everything else are as in
-- 20261203002100_card-payments.sql.
create or replace function public.mark_provider_event(p_event_id text, p_status text, p_error text)
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
         -- The first failure: the schedule's next run. Then 1, 2, 4 … minutes, at most an hour.
         next_retry_at = case when p_status = 'failed' then
           now() + case when e.attempts = 0 then interval '0' else least(interval '1 minute' * power(2, e.attempts - 1), interval '1 hour') end
         end
   where e.id = p_event_id;
  if p_status = 'failed' and v_event.status <> 'failed' then
    perform private.billing_activity('payment.event_failed', null, jsonb_build_object(
      'event_id', p_event_id, 'type', v_event.type, 'error', left(p_error, 500)));
  end if;
end;
$$;
comment on function public.mark_provider_event(text, text, text) is
  'Service role only (stripe-webhook): an event nothing needs to apply (applied), one that could not be applied now (failed: due again at once for the schedule''s next run, then after 1, 2, 4 … minutes; payment.event_failed recorded once), or one refused. Applied and refused events stay so.';
