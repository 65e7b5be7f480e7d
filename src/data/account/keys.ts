/** SWR keys for the account settings page (decision 042), in one place so a change can refresh what it touched. */
export const accountKeys = {
  all: ['account'] as const,
  /** The signed-in person's name and job title. */
  profile: (userId: string) => ['account', 'profile', userId] as const,
  /** The auth service's view of the account: its address and any address change waiting for confirmation. */
  user: ['account', 'user'] as const,
  /** The person's sign-in sessions (my_sessions()). */
  sessions: ['account', 'sessions'] as const,
  /** The sign-in identities linked to the account. */
  identities: ['account', 'identities'] as const,
};
