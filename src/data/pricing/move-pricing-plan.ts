import type { AccordClient } from '../client';
import { pricingError } from './refusals';

export type MoveDirection = 'up' | 'down';

/** Moves a plan one place up or down in the order /pricing shows; the first or last plan stays put. */
export async function movePricingPlan(client: AccordClient, { id, direction }: { id: string; direction: MoveDirection }): Promise<void> {
  const { error } = await client.rpc('admin_move_pricing_plan', { p_plan_id: id, p_direction: direction });
  if (error) throw pricingError(error);
}
