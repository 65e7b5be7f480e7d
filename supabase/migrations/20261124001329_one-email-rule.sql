-- One rule for an e-mail address, everywhere it is decided (decision 029).
--
-- The app's forms (machines/email.ts), the Edge Functions
-- (supabase/functions/_shared/email-address.ts) and the database now apply
-- the same rule; tests/db/email-rule.test.ts runs one table of addresses
-- through all three. Before, the administrator invitation accepted control
-- characters and 320 characters, trimmed only spaces, and the visitor forms'
-- white space depended on the database's locale.
--
-- The rule, after trimming white space at both ends: nothing left is
-- `required`; more than 254 characters (RFC 5321's limit for a path) is
-- `too_long`; anything but "something@something.something", where no part
-- holds an @, white space or a control character, is `invalid`.
--
-- White space is spelt out as exactly the characters JavaScript's `\s` and
-- String.prototype.trim() mean, rather than [[:space:]], whose meaning beyond
-- ASCII follows the database's locale (hosted and local databases may differ).

-- ---------------------------------------------------------------------------
-- private.email_trim(text): the address without white space at either end
-- ---------------------------------------------------------------------------
create function private.email_trim(p_value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_replace(
    p_value,
    '^[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '',
    'g'
  );
$$;
comment on function private.email_trim(text) is
  'p_value without white space at either end, white space being exactly what JavaScript''s String.prototype.trim() removes (machines/email.ts trimEmail); null stays null.';
revoke execute on function private.email_trim(text) from public;

-- ---------------------------------------------------------------------------
-- private.email_problem(text): required | too_long | invalid | null
-- ---------------------------------------------------------------------------
create function private.email_problem(p_value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_value is null or private.email_trim(p_value) = '' then 'required'
    when char_length(private.email_trim(p_value)) > 254 then 'too_long'
    -- No @, white space (as above) or control character (Unicode Cc: U+0001–U+001F, U+007F–U+009F) in any part.
    when private.email_trim(p_value) !~ (
      '^[^@\u0001-\u001f\u007f-\u009f\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+'
      || '@[^@\u0001-\u001f\u007f-\u009f\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+'
      || '\.[^@\u0001-\u001f\u007f-\u009f\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$'
    ) then 'invalid'
  end;
$$;
comment on function private.email_problem(text) is
  'The one e-mail address rule (decision 029; the app''s is machines/email.ts, the Edge Functions'' supabase/functions/_shared/email-address.ts): required | too_long (over 254 characters) | invalid (not something@something.something without @, white space or control characters in a part) | null when the address will do, after email_trim().';
revoke execute on function private.email_problem(text) from public;

-- ---------------------------------------------------------------------------
-- The visitor forms' e-mail check is the one rule
-- ---------------------------------------------------------------------------
create or replace function private.visitor_email_problem(p_value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select private.email_problem(p_value);
$$;
comment on function private.visitor_email_problem(text) is
  'required | too_long | invalid | null for an e-mail address typed by a visitor: private.email_problem(), the one rule.';

-- ---------------------------------------------------------------------------
-- create_admin_invitation: the one rule, and the address stored as it was checked
-- ---------------------------------------------------------------------------
-- As in 20261122002000_admin-invitation-management.sql, except the address
-- check (was: btrim() and '^[^@\s]+@[^@\s]+\.[^@\s]+$').
create or replace function public.create_admin_invitation(p_email text)
returns table (invitation_id uuid, token text, expires_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_email text := private.email_trim(p_email);
  v_token text;
begin
  if not private.is_system_admin() then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'Only system administrators may invite system administrators.';
  end if;
  if private.email_problem(p_email) is not null then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'invalid_email',
      detail = 'An invitation needs a valid e-mail address.';
  end if;
  -- The account's address, compared as e-mail providers compare it.
  if exists (
    select 1
    from auth.users u
    join public.system_admins sa on sa.user_id = u.id
    where lower(u.email) = lower(v_email)
  ) then
    raise exception using
      errcode = 'unique_violation',
      message = 'already_admin',
      detail = format('%s is already a system administrator.', v_email);
  end if;

  -- 32 bytes from pgcrypto's CSPRNG; hex keeps it URL-safe without encoding.
  v_token := encode(extensions.gen_random_bytes(32), 'hex');

  -- One live link per address: a new invitation supersedes the old one.
  update public.admin_invitations i
     set revoked_at = now()
   where lower(i.email::text) = lower(v_email)
     and i.used_at is null
     and i.revoked_at is null;

  return query
    insert into public.admin_invitations as i (email, token_hash, expires_at, invited_by)
    values (v_email, encode(extensions.digest(v_token, 'sha256'), 'hex'), now() + interval '7 days', auth.uid())
    returning i.id, v_token, i.expires_at;
end;
$$;
comment on function public.create_admin_invitation(text) is
  'System administrators only. Creates a 7-day invitation for the address and returns the raw token once; only its SHA-256 hash is stored. Supersedes any open invitation for the same address. Refuses an address that breaks the one e-mail rule (22023 invalid_email, private.email_problem) and addresses of existing system administrators (23505 already_admin).';
