/** SWR keys for applications, in one place so commands can refresh what they change. */
export const applicationKeys = {
  all: ['applications'] as const,
  /** The signed-in applicant's own application. */
  mine: (userId: string) => ['applications', 'mine', userId] as const,
  /** The back office's queue (filters are applied on screen, so one key serves them all). */
  queue: ['applications', 'queue'] as const,
  detail: (organizationId: string) => ['applications', 'detail', organizationId] as const,
};
