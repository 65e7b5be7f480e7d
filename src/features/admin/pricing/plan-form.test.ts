import { describe, expect, it } from 'vitest';

import { checkPlanForm, EMPTY_PLAN_FORM, type PlanForm } from './plan-form';

const filled: PlanForm = {
  ...EMPTY_PLAN_FORM,
  name: ' Essentials ',
  summary: 'For a single school.',
  price: '1,200.50',
  support: 'E-mail',
  features: 'Listing\n\n  Dashboard  \n',
  includedVerifications: '2,500',
  additionalVerificationEur: '0,45',
};

describe('checkPlanForm', () => {
  it('turns what was typed into the draft the database takes', () => {
    expect(checkPlanForm(filled, 'p1')).toEqual({
      draft: {
        id: 'p1',
        name: 'Essentials',
        summary: 'For a single school.',
        price: 1200.5,
        currency: 'EUR',
        billingPeriod: 'month',
        includedVerifications: 2500,
        additionalVerificationEur: 0.45,
        support: 'E-mail',
        features: ['Listing', 'Dashboard'],
        isFeatured: false,
      },
    });
  });

  it('leaves empty prices and volumes as agreed per contract', () => {
    const result = checkPlanForm({ ...filled, price: ' ', includedVerifications: '', additionalVerificationEur: '' }, null);
    expect(result).toMatchObject({ draft: { id: null, price: null, includedVerifications: null, additionalVerificationEur: null } });
  });

  it('says what is wrong with each field', () => {
    const result = checkPlanForm(
      { ...EMPTY_PLAN_FORM, price: '12.345', includedVerifications: '0', additionalVerificationEur: 'free', features: 'x'.repeat(201) },
      null,
    );
    expect(result).toEqual({
      errors: {
        name: 'Give the plan a name.',
        summary: 'Say in a sentence who the plan is for.',
        price: 'Enter an amount such as 290 or 1,200.50, or leave it empty for “on request”.',
        includedVerifications: 'Enter a whole number above 0, or leave it empty if it is agreed per contract.',
        additionalVerificationEur: 'Enter an amount such as 0.45, or leave it empty if it is agreed per contract.',
        support: 'Describe the support the plan comes with.',
        features: 'Each feature can be at most 200 characters.',
      },
    });
    expect(checkPlanForm({ ...filled, price: '-5' }, null)).toMatchObject({ errors: { price: expect.any(String) } });
    expect(checkPlanForm({ ...filled, features: Array.from({ length: 21 }, (_, i) => `F${i}`).join('\n') }, null)).toMatchObject({
      errors: { features: 'List at most 20 features (now 21).' },
    });
  });
});
