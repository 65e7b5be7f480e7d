-- private.membership_credentials (20261203003100) references an organisation:
-- name it in the organisation data map (decision 076). It is exported with the
-- organisation's data and kept by its erasure, as the registry's tombstone is:
-- its status list index must stay taken, so a credential issued before the
-- erasure still verifies as revoked instead of as unknown.
insert into private.organisation_data_map (table_name, treatment, row_filter, on_erasure, reason) values
  ('private.membership_credentials', 'exported', 't.organization_id = $1', 'tombstone',
   'The membership credentials issued to it: kept on erasure so an old credential still verifies as revoked.');
