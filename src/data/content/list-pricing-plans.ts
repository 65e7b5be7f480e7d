import useSWR from 'swr';

import { publicSelect } from '../public-api';
import { PLAN_COLUMNS, toPricingPlan, type PricingPlan } from './types';
import { contentKeys } from './keys';

/** The published plans, smallest first (the back office's order), for /pricing. */
export async function listPricingPlans(signal?: AbortSignal): Promise<PricingPlan[]> {
  const { rows } = await publicSelect('pricing_plans', `select=${PLAN_COLUMNS}&order=sort_order.asc,name.asc`, { signal });
  return rows.map(toPricingPlan);
}

/** The published pricing plans, for /pricing. */
export function usePricingPlans() {
  return useSWR(contentKeys.plans, () => listPricingPlans());
}
