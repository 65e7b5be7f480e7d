/** SWR keys for organisations, in one place so they can be invalidated together. */
export const organizationKeys = {
  all: ['organizations'] as const,
  /** The signed-in person's own organisation (membership, then organisation). */
  mine: (userId: string) => ['organizations', 'mine', userId] as const,
};
