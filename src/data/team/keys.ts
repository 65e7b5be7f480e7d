/** SWR keys of an organisation's team, so a team command can name what it changed. */
export const teamKeys = {
  all: ['team'] as const,
  /** The signed-in person's own membership (organisation and role). */
  membership: (userId: string) => ['team', 'membership', userId] as const,
  members: (organizationId: string) => ['team', 'members', organizationId] as const,
  invitations: (organizationId: string) => ['team', 'invitations', organizationId] as const,
};
