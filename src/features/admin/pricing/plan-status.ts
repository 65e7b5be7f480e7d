import { formatPrice } from '../../../components/formats';
import type { StatusMap } from '../../../components/status-badge';
import type { AdminPricingPlan } from '../../../data/pricing/list-admin-pricing-plans';

export type PlanStatus = 'shown' | 'archived' | 'hidden';

export const PLAN_STATUS: StatusMap<PlanStatus> = {
  shown: { label: 'Shown', palette: 'green' },
  archived: { label: 'Archived', palette: 'gray' },
  // Made hidden outside the back office (an operator's draft): it can be shown like an archived one.
  hidden: { label: 'Not shown', palette: 'orange' },
};

export function planStatus(plan: AdminPricingPlan): PlanStatus {
  if (plan.isPublished) return 'shown';
  return plan.archivedAt ? 'archived' : 'hidden';
}

export function planPriceText(plan: Pick<AdminPricingPlan, 'price' | 'currency' | 'billingPeriod'>): string {
  return plan.price === null ? 'On request' : `${formatPrice(plan.price, plan.currency)} a ${plan.billingPeriod}`;
}
