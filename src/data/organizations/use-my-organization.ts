import useSWR, { type SWRConfiguration } from 'swr';

import { ORG_QUERY_RETRIES, ORG_QUERY_RETRY_DELAY_MS } from '../../../machines/timing';
import { supabase, type AccordClient } from '../client';
import { getMembership } from './get-membership';
import { getOrganization, type Organization } from './get-organization';
import { organizationKeys } from './keys';

/** Membership, then the organisation; null when the person belongs to none. */
export async function getMyOrganization(client: AccordClient, userId: string): Promise<Organization | null> {
  const membership = await getMembership(client, userId);
  if (!membership) return null;
  return getOrganization(client, membership.organizationId);
}

/**
 * The organisation query's own options (spec §9): 3 retries, 1000 ms apart. SWR's
 * default retry backs off exponentially with jitter, so the fixed spacing needs
 * its own onErrorRetry; SWR counts retries from 1, like the default does.
 */
export const organizationQueryOptions: SWRConfiguration = {
  errorRetryCount: ORG_QUERY_RETRIES,
  errorRetryInterval: ORG_QUERY_RETRY_DELAY_MS,
  onErrorRetry: (_error, _key, _config, revalidate, { retryCount }) => {
    if (retryCount > ORG_QUERY_RETRIES) return;
    setTimeout(() => void revalidate({ retryCount }), ORG_QUERY_RETRY_DELAY_MS);
  },
};

/** The signed-in person's organisation, for the member dashboard. Pass null while the user is unknown. */
export function useMyOrganization(userId: string | null, client: AccordClient = supabase) {
  return useSWR(
    userId === null ? null : organizationKeys.mine(userId),
    ([, , id]) => getMyOrganization(client, id),
    organizationQueryOptions,
  );
}
