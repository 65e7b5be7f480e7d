import { contentKeys } from '../content/keys';

/** SWR keys of /admin/pricing; a change also refreshes the public plans a signed-in administrator may have loaded. */
export const pricingKeys = {
  adminPlans: ['admin', 'pricing-plans'] as const,
  afterChange: () => [pricingKeys.adminPlans, contentKeys.plans],
};
