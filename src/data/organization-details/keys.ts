/** SWR keys for the organisation-details page, in one place so they can be invalidated together. */
export const organizationDetailsKeys = {
  all: ['organization-details'] as const,
  /** The organisation's row and its pending change request. */
  detail: (organizationId: string) => ['organization-details', organizationId] as const,
};
