-- Changes to the platform schema (what hosted Supabase provides: auth, storage)
-- made after bootstrap.sql was first written. Every start runs this file after
-- bootstrap.sql, on a new database and on an existing one, so a development
-- database created before a change catches up instead of failing at the first
-- request that needs it. Each statement must therefore be idempotent.

-- GoTrue's 20260115000000_add_flow_state_oauth_context: every OAuth flow keeps
-- its context here (the flow's id is the provider's `state`), PKCE or not.
alter table auth.flow_state
  add column if not exists invite_token text null,
  add column if not exists referrer text null,
  add column if not exists oauth_client_state_id uuid null,
  add column if not exists linking_target_id uuid null,
  add column if not exists email_optional boolean not null default false,
  alter column code_challenge drop not null,
  alter column code_challenge_method drop not null,
  alter column auth_code drop not null;
