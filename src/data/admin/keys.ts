/** SWR keys of the back office, in one place so a change can refresh everything it affects. */
export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  invitations: ['admin', 'invitations'] as const,
  dashboardCounts: ['admin', 'dashboard-counts'] as const,
};
