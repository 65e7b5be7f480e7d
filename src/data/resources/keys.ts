/** SWR keys of the resources for members (decision 054), so a command can name what it changed. */
export const resourceKeys = {
  all: ['resources'] as const,
  /** Every resource with its whole history, for the back office. */
  admin: ['resources', 'admin'] as const,
  /** What the signed-in member may see. */
  member: ['resources', 'member'] as const,
};
