-- Requests that hold the database for seconds (issue 23, finding 4;
-- docs/decisions/068-statement-timeouts-and-input-limits.md).
--
-- The attack: registry_by_domain with a 14 KB domain of 7,000 labels took
-- 2–8 s (private.public_suffix built every suffix of the host: quadratic), and
-- a backreference regex filter, `GET /rest/v1/updates?body=match.(.*)\1\.`,
-- 17–33 s. No API role had a statement timeout, and PostgREST's pool holds 10
-- connections: ten such requests in parallel held all of them, and everyone
-- else's requests failed after 10 s (PGRST003). So:
--
-- * The API roles get statement timeouts, as hosted Supabase sets them
--   (supabase/postgres: anon 3s and authenticated 8s in the initial schema,
--   authenticator 8s in 20221028101028_set_authenticator_timeout.sql, and its
--   lock_timeout 8s in 20231130133139), except anon, whose every request is a
--   registry lookup, a published page or a form (milliseconds at any size the
--   registry is built for), so 1 s. PostgREST (11 and later) applies the
--   settings of the role it switches to on every request, which is what makes
--   a per-role timeout reach the Data API; `service_role` keeps the
--   authenticator's 8 s, as on hosted.
-- * The registry's functions refuse input no name could match at the door,
--   with a named error (22023, HTTP 400): domain_too_long, search_too_long.
-- * private.public_suffix looks only as far as the longest rule, which a
--   check on the rules now bounds: linear in the host.
--
-- Regex filters stay open to visitors. A backreference pattern costs 1.8 s on
-- one 160-character title, and PostgREST filters a function's rows as it
-- filters a table's, so closing the long columns (updates.body,
-- ecosystem_solutions.description) would move the attack to a short one, and
-- closing every readable text would take the registry API's documented
-- paging and filters with it. The timeout is what bounds them.

-- ---------------------------------------------------------------------------
-- Statement timeouts per role
-- ---------------------------------------------------------------------------
-- On hosted, `postgres` may set these: it holds the API roles with ADMIN
-- OPTION (supabase/postgres 20250605172253), and Supabase's timeout guide
-- tells projects to `alter role … set statement_timeout` exactly so.
alter role anon set statement_timeout = '1s';
alter role authenticated set statement_timeout = '8s';
-- The session PostgREST logs in with: what service_role requests run under.
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
-- PostgREST reads role settings with its configuration; reload it (the local
-- stack starts PostgREST after the migrations, hosted needs the notice).
notify pgrst, 'reload config';

-- ---------------------------------------------------------------------------
-- The Public Suffix List's algorithm, linear in the host
-- ---------------------------------------------------------------------------
-- No rule of the list has more than 6 labels (2026); 8 leaves room, and a
-- list migration that brings a longer one fails here instead of making
-- private.public_suffix miss it.
alter table private.public_suffix_rules
  add constraint public_suffix_rules_labels_check check (cardinality(string_to_array(suffix, '.')) <= 8);

-- As in 20261124000300_registered-facts.sql, except that only the host's last
-- 8 labels are looked up (the suffixes a rule could be).
create or replace function private.public_suffix(p_host text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_labels text[];
  v_n integer;
  v_longest integer;
  v_exception integer;
  v_k integer;
begin
  if p_host is null or p_host = '' then
    return null;
  end if;
  v_labels := string_to_array(lower(p_host), '.');
  -- a..b, .b, b. are not host names.
  if '' = any (v_labels) then
    return null;
  end if;
  v_n := cardinality(v_labels);

  -- One index scan over the host's suffixes of up to 8 labels (b.c, c for
  -- a.b.c): no rule is longer (public_suffix_rules_labels_check). A normal or
  -- exception rule matches with its own labels; a wildcard rule *.c, found as
  -- c, matches one label more when the host has it.
  select max(m.labels) filter (where m.kind = 'exception'),
         max(m.labels + case when m.kind = 'wildcard' then 1 else 0 end) filter (where m.kind <> 'exception')
    into v_exception, v_longest
    from (
      select r.kind, cardinality(string_to_array(r.suffix, '.')) as labels
        from private.public_suffix_rules r
       where r.suffix = any (array(
               select array_to_string(v_labels[k : v_n], '.') from generate_series(greatest(1, v_n - 7), v_n) as k))
    ) m
   where m.kind <> 'wildcard' or m.labels < v_n;

  v_k := case when v_exception is not null then v_exception - 1 else greatest(coalesce(v_longest, 1), 1) end;
  return array_to_string(v_labels[v_n - v_k + 1 : v_n], '.');
end;
$$;
comment on function private.public_suffix(text) is
  'The public suffix of a host name (lower case) by the Public Suffix List''s algorithm over private.public_suffix_rules, ICANN and private sections: co.uk for bbc.co.uk, github.io for octocat.github.io, the last label when no rule matches. Null for an empty label. Looks up only the host''s last 8 labels (no rule is longer), so its cost is linear in the host. Agrees with tldts (tests/db/public-suffixes.test.ts).';

-- ---------------------------------------------------------------------------
-- registry_by_domain: a domain at the door, then index lookups
-- ---------------------------------------------------------------------------
-- The host a registry lookup asks about, or domain_too_long. RFC 1035 (and
-- 2181) bound a domain name to 253 characters in text and 127 labels; an
-- address may carry a path as well, so the raw value may be longer, up to
-- 2,048 characters. The raw length is checked first, so nothing else reads a
-- longer value.
create function private.registry_lookup_host(p_value text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_host text;
begin
  if p_value is null then
    return null;
  end if;
  if char_length(p_value) <= 2048 then
    v_host := private.website_domain(p_value);
    if v_host is null or (char_length(v_host) <= 253 and cardinality(string_to_array(v_host, '.')) <= 127) then
      return v_host;
    end if;
  end if;
  raise exception using
    errcode = 'invalid_parameter_value',
    message = 'domain_too_long',
    detail = 'A domain has at most 253 characters and 127 labels, and an address given for it at most 2,048 characters.';
end;
$$;
comment on function private.registry_lookup_host(text) is
  'private.website_domain(p_value) for a registry lookup, or 22023 domain_too_long when p_value is longer than 2,048 characters or its host longer than 253 characters or 127 labels. Null for null.';
revoke execute on function private.registry_lookup_host(text) from public;

-- As in 20261128000400_verification-schemas.sql, with the door above, and the
-- members found by index as decision 064 finds conflicts: the host a.b.c can
-- only belong to a member whose domain is a.b.c, b.c or c, looked up on
-- organizations_registry_domain_search_key instead of comparing every member.
-- The old comparison stays as a recheck. plpgsql, so the door is passed before
-- the query, whatever the planner does with it.
create or replace function public.registry_by_domain(p_domain text)
returns setof public.registry_organization
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_host text := private.registry_lookup_host(p_domain);
  v_labels text[];
  v_domains text[];
begin
  -- A public suffix or a single label (com, co.uk, github.io) finds nothing.
  if v_host is null or private.registrable_domain(v_host) is null then
    return;
  end if;
  v_labels := string_to_array(v_host, '.');
  v_domains := array(select array_to_string(v_labels[k : cardinality(v_labels)], '.') from generate_subscripts(v_labels, 1) as k);
  return query
  select r.id, r.name, r.legal_name, r.registration_number, r.country, r.website, r.domain, r.sector, r.size,
         r.description, r.logo_path, r.status, r.status_effective_from, r.member_since, r.status_history,
         r.contact_email, r.verification_schemas
    from private.registry_organizations r
   where (r.domain collate "C") = any (v_domains)
     -- The organisation's own domain, or a subdomain of it (which it controls).
     and (v_host = r.domain or right(v_host, char_length(r.domain) + 1) = '.' || r.domain)
   order by private.registry_fold(r.name), r.id;
end;
$$;
comment on function public.registry_by_domain(text) is
  'Public. Organisations whose website is on this domain or a parent of it. Accepts a bare domain or a URL; scheme, www., port, path and case are ignored. A public suffix or a single label (com, co.uk, github.io, localhost) finds nothing, and no member is found by a stored domain that is one. 22023 domain_too_long for a host longer than 253 characters or 127 labels, or a value longer than 2,048 characters.';

-- ---------------------------------------------------------------------------
-- registry_search: a search at the door, normalised once
-- ---------------------------------------------------------------------------
-- As in 20261128000400_verification-schemas.sql, except: a search longer than
-- the longest name or legal name (300 characters) is refused before anything
-- reads it (a 1 MB search was folded once per member: 1–2 s with 11 members),
-- and the search and the country are normalised once rather than per member.
create or replace function public.registry_search(
  p_query text default null,
  p_sector public.organization_sector default null,
  p_country text default null,
  p_status public.registry_status default null
)
returns setof public.registry_organization
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_query text := nullif(btrim(p_query), '');
  v_country text := upper(nullif(btrim(p_country), ''));
begin
  if char_length(v_query) > 300 then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'search_too_long',
      detail = 'Search for at most 300 characters: no name or legal name in the registry is longer.';
  end if;
  v_query := private.registry_fold(v_query);
  return query
  select r.id, r.name, r.legal_name, r.registration_number, r.country, r.website, r.domain, r.sector, r.size,
         r.description, r.logo_path, r.status, r.status_effective_from, r.member_since, r.status_history,
         r.contact_email, r.verification_schemas
    from private.registry_organizations r
   where (
           v_query = ''
           or strpos(private.registry_fold(r.name), v_query) > 0
           or strpos(private.registry_fold(r.legal_name), v_query) > 0
         )
     and (p_sector is null or r.sector = p_sector)
     and (v_country is null or r.country = v_country)
     and (p_status is null or r.status = p_status)
   order by private.registry_fold(r.name), r.id;
end;
$$;
comment on function public.registry_search(text, public.organization_sector, text, public.registry_status) is
  'Public. Organisations in the trust registry, by name (case- and accent-insensitive, name or legal name containing p_query), optionally only one sector, country (ISO alpha-2) or status; every status when p_status is null. Sorted by name. Paginate with PostgREST (Range header or limit/offset) and count with Prefer: count=exact. 22023 search_too_long for a search of more than 300 characters (no name or legal name is longer).';
