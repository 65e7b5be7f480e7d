-- Investor access levels are ordered: data_room includes lite.
--
-- One level per person (investor_access's primary key is user_id), so if the
-- data room did not include the dashboard a data-room investor could never see
-- /investor/dashboard. The app's route guard (machines/access.ts,
-- hasInvestorLevel) applies the same rule; this function is the database's
-- copy of it, for RLS policies on investor content and for anyone who asks over
-- the API (docs/decisions/009-investor-levels.md).
--
-- The enum's declaration order is the ordering ('lite' < 'data_room'), so
-- `level >= required` reads as "holds at least the required level". A new
-- level must be added in its place (ALTER TYPE … ADD VALUE … BEFORE/AFTER).

comment on type public.investor_access_level is
  'Ordered investor access levels: lite opens /investor/dashboard, data_room opens /investor/data-room and includes lite. Compare with >= (see has_investor_level).';

create function public.has_investor_level(required public.investor_access_level)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  -- System administrators run the investor area (/admin/investors,
  -- /admin/investor-content) and may see what investors see.
  select private.is_system_admin()
    or exists (
      select 1
      from public.investor_access ia
      where ia.user_id = (select auth.uid())
        and ia.level >= required
    );
$$;
comment on function public.has_investor_level(public.investor_access_level) is
  'Does the caller hold at least `required`? data_room includes lite; system administrators hold every level. Answers only about the caller (auth.uid()).';
-- Visitors hold no level; a refusal is clearer than a "false" that looks like an answer.
revoke execute on function public.has_investor_level(public.investor_access_level) from public, anon;
grant execute on function public.has_investor_level(public.investor_access_level) to authenticated, service_role;
