import { DataError, toDataError } from '../errors';

/** The pricing RPCs' named errors (supabase/migrations/20261128000200_pricing-admin.sql), in words. */
const REFUSALS: Record<string, string> = {
  plan_name_required: 'Give the plan a name.',
  plan_name_too_long: 'A plan’s name can be at most 60 characters.',
  plan_summary_required: 'Say in a sentence who the plan is for.',
  plan_summary_too_long: 'The summary can be at most 300 characters.',
  plan_price_invalid: 'The price must be an amount of 0 or more, with at most two decimals.',
  plan_currency_invalid: 'The currency must be a three-letter code, such as EUR.',
  plan_period_invalid: 'Choose whether the plan is billed per month or per year.',
  plan_included_invalid: 'The included verifications must be a whole number above 0, or left empty.',
  plan_additional_invalid: 'The price of an additional verification must be 0 or more, with at most two decimals.',
  plan_support_invalid: 'Describe the support in at most 120 characters.',
  plan_features_invalid: 'List at most 20 features, one per line, each at most 200 characters.',
  plan_not_found: 'This plan no longer exists. Refresh the list.',
  plan_conflict: 'Another administrator changed the plans at the same time. Refresh the list and try again.',
  direction_invalid: 'A plan can only move up or down.',
};

/** A pricing RPC's error as the sentence the back office shows. */
export function pricingError(error: unknown): DataError {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  const refusal = typeof message === 'string' ? REFUSALS[message] : undefined;
  return refusal ? new DataError(refusal, { code: message as string, cause: error }) : toDataError(error);
}
