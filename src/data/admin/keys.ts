import type { NetworkActivityQuery, TenantQuery } from './back-office-queries';

/** SWR keys of the back office, in one place so a change can refresh everything it affects. */
export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  invitations: ['admin', 'invitations'] as const,
  dashboardCounts: ['admin', 'dashboard-counts'] as const,
  /** Every page of every tenants query: what a change to an organisation refreshes. */
  tenantsAll: ['admin', 'tenants'] as const,
  tenants: (query: TenantQuery) =>
    ['admin', 'tenants', query.search ?? '', query.status ?? '', query.sector ?? '', query.country ?? '', query.sort ?? 'name', query.after ?? '', query.pageSize] as const,
  tenant: (id: string) => ['admin', 'tenant', id] as const,
  activityAll: ['admin', 'activity'] as const,
  activity: (query: NetworkActivityQuery) =>
    ['admin', 'activity', query.action ?? '', query.actorId ?? '', query.organizationId ?? '', query.from ?? '', query.to ?? '',
      query.before?.occurredAt ?? '', query.before?.id ?? '', query.after?.occurredAt ?? '', query.after?.id ?? '', query.pageSize] as const,
};
