/** SWR keys of the member home, so a command elsewhere can name what it changed. */
export const memberHomeKeys = {
  all: ['member-home'] as const,
  summary: (organizationId: string) => ['member-home', 'summary', organizationId] as const,
  activity: (organizationId: string) => ['member-home', 'activity', organizationId] as const,
};
