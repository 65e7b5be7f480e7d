import useSWR from 'swr';

import { contentKeys } from './keys';
import { listPricingPlans } from './list-pricing-plans';

/** The published pricing plans, for /pricing. */
export function usePricingPlans() {
  return useSWR(contentKeys.plans, () => listPricingPlans());
}
