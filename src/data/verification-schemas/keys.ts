/** SWR keys of verification schemas, so a change refreshes every list that shows them. */
export const verificationSchemaKeys = {
  all: ['verification-schemas'] as const,
  /** Every schema the caller may read (the back office: drafts too). */
  list: ['verification-schemas', 'list'] as const,
  /** The schemas an organisation declared it verifies. */
  declared: (organizationId: string) => ['verification-schemas', 'declared', organizationId] as const,
};
