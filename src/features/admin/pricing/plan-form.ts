import type { AdminPricingPlan } from '../../../data/pricing/list-admin-pricing-plans';
import type { PricingPlanDraft } from '../../../data/pricing/save-pricing-plan';

/**
 * The plan form as typed (strings), its check and its draft for
 * admin_save_pricing_plan. The check says the same as the database's
 * (private.check_pricing_plan_fields), so a mistake is told before a request
 * is made; the database still decides.
 */
export interface PlanForm {
  name: string;
  summary: string;
  price: string;
  currency: string;
  billingPeriod: 'month' | 'year';
  includedVerifications: string;
  additionalVerificationEur: string;
  support: string;
  features: string;
  isFeatured: boolean;
}

export type PlanField = keyof PlanForm;
export type PlanErrors = Partial<Record<PlanField, string>>;

export const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF', 'SEK', 'DKK', 'NOK', 'PLN'] as const;

export const EMPTY_PLAN_FORM: PlanForm = {
  name: '',
  summary: '',
  price: '',
  currency: 'EUR',
  billingPeriod: 'month',
  includedVerifications: '',
  additionalVerificationEur: '',
  support: '',
  features: '',
  isFeatured: false,
};

/** 290 → "290", 1234.5 → "1234.50": as an amount is written. */
const amountText = (value: number | null) => (value === null ? '' : Number.isInteger(value) ? String(value) : value.toFixed(2));

export function planFormFrom(plan: AdminPricingPlan): PlanForm {
  return {
    name: plan.name,
    summary: plan.summary,
    price: amountText(plan.price),
    currency: plan.currency,
    billingPeriod: plan.billingPeriod,
    includedVerifications: plan.includedVerifications === null ? '' : String(plan.includedVerifications),
    additionalVerificationEur: amountText(plan.additionalVerificationEur),
    support: plan.support,
    features: plan.features.join('\n'),
    isFeatured: plan.isFeatured,
  };
}

const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,9}$/;

/** "1,200.50" or "1200,5" → 1200.5; null for an empty field; NaN when it is not an amount. */
function amount(text: string): number | null {
  const trimmed = text.trim().replace(/[\s,](?=\d{3}(\D|$))/g, '').replace(',', '.');
  if (trimmed === '') return null;
  return AMOUNT.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export function featureLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The draft to send, or the first problem with each field. */
export function checkPlanForm(form: PlanForm, id: string | null): { draft: PricingPlanDraft } | { errors: PlanErrors } {
  const errors: PlanErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'Give the plan a name.';
  else if (name.length > 60) errors.name = `A plan’s name can be at most 60 characters (now ${name.length}).`;
  const summary = form.summary.trim();
  if (summary === '') errors.summary = 'Say in a sentence who the plan is for.';
  else if (summary.length > 300) errors.summary = `The summary can be at most 300 characters (now ${summary.length}).`;
  const price = amount(form.price);
  if (Number.isNaN(price)) errors.price = 'Enter an amount such as 290 or 1,200.50, or leave it empty for “on request”.';
  if (!/^[A-Z]{3}$/.test(form.currency)) errors.currency = 'Choose a currency.';
  const included = form.includedVerifications.trim().replace(/[\s,]/g, '');
  if (included !== '' && (!WHOLE.test(included) || Number(included) <= 0)) {
    errors.includedVerifications = 'Enter a whole number above 0, or leave it empty if it is agreed per contract.';
  }
  const additional = amount(form.additionalVerificationEur);
  if (Number.isNaN(additional)) errors.additionalVerificationEur = 'Enter an amount such as 0.45, or leave it empty if it is agreed per contract.';
  const support = form.support.trim();
  if (support === '') errors.support = 'Describe the support the plan comes with.';
  else if (support.length > 120) errors.support = `Describe the support in at most 120 characters (now ${support.length}).`;
  const features = featureLines(form.features);
  if (features.length > 20) errors.features = `List at most 20 features (now ${features.length}).`;
  else if (features.some((line) => line.length > 200)) errors.features = 'Each feature can be at most 200 characters.';

  if (Object.keys(errors).length > 0) return { errors };
  return {
    draft: {
      id,
      name,
      summary,
      price,
      currency: form.currency,
      billingPeriod: form.billingPeriod,
      includedVerifications: included === '' ? null : Number(included),
      additionalVerificationEur: additional,
      support,
      features,
      isFeatured: form.isFeatured,
    },
  };
}
