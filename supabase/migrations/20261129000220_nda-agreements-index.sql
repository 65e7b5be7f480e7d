-- The index for nda_agreements' foreign key to nda_versions, made unique
-- (docs/decisions/060-investor-content.md).
--
-- 20261129000200 created a plain index, which Supabase's advisors report as
-- unused on a fresh database (lint 0005). As elsewhere (decision 031), the
-- index is unique by construction instead: (nda_version, user_id) is the
-- primary key's columns in the other order. It still serves the foreign key
-- and "who agreed to version N". A new migration rather than an edit: the
-- schema migration was already committed for the data room to build on.
drop index public.nda_agreements_version_idx;

create unique index nda_agreements_version_user_key on public.nda_agreements (nda_version, user_id);
comment on index public.nda_agreements_version_user_key is
  'The foreign key to nda_versions and "who agreed to version N". Unique by construction (the primary key''s columns).';
