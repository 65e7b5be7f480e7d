import type { StatusMap } from '../../components/status-badge';
import type { TenantStatus } from '../../data/admin/list-tenants';

/** A tenant's status (its registry status once approved, else its application's) for StatusBadge. */
export const TENANT_STATUS: StatusMap<TenantStatus> = {
  pending: { label: 'Applied', palette: 'blue' },
  under_review: { label: 'Under review', palette: 'purple' },
  rejected: { label: 'Rejected', palette: 'red' },
  active: { label: 'Active', palette: 'green' },
  suspended: { label: 'Suspended', palette: 'orange' },
  revoked: { label: 'Revoked', palette: 'red' },
  none: { label: 'No application', palette: 'gray' },
};
