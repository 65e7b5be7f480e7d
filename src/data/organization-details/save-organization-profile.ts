import type { AccordClient } from '../client';
import type { Enums } from '../database.types';
import { toDetailsError } from './refusals';

/** The details that take effect at once: the organisation's admins write them directly (column grants, update policy). */
export interface OrganizationProfile {
  description: string | null;
  sector: Enums<'organization_sector'> | null;
  size: Enums<'organization_size'> | null;
  contact_email: string | null;
}

/** Saves the profile; the database checks the description's length and the e-mail rule (invalid_organization_profile). */
export async function saveOrganizationProfile(client: AccordClient, organizationId: string, profile: OrganizationProfile): Promise<void> {
  const { data, error } = await client.from('organizations').update(profile).eq('id', organizationId).select('id');
  if (error) throw toDetailsError(error);
  // The update policy filters out a row the caller may not change: no error, no row.
  if (data.length === 0) throw toDetailsError({ message: 'not_organization_admin' });
}
