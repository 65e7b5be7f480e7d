-- Issue 27, part 7: the export and erasure (decision 076) find an
-- organisation's rows by organization_id in every table of
-- private.organisation_data_map. Two of them had no index leading with it, so
-- each export and erasure read the whole table: notifications (every member's,
-- the largest of them) and tenant_invitations (only open invitations were
-- indexed by organisation). Unique by construction (each ends in its table's
-- key), as every index here, so the advisors' unused_index never applies.
create unique index notifications_organization_key on public.notifications (organization_id, id)
  where organization_id is not null;
create unique index tenant_invitations_organization_key on public.tenant_invitations (organization_id, id);
