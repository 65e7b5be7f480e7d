import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeRest, jsonResponse, stubPublicApi } from '../../testing/fake-rest';
import { renderAt } from '../../testing/render';
import PricingPage from './pricing-page';

const plan = (overrides: Record<string, unknown>) => ({
  id: String(overrides.slug),
  summary: 'Who it is for.',
  support: 'E-mail, next business day',
  features: ['Listing in the public trust registry'],
  is_featured: false,
  currency: 'EUR',
  billing_period: 'month',
  ...overrides,
});

const PLANS = [
  plan({ slug: 'essentials', name: 'Essentials', price: 290, included_verifications: 500, additional_verification_eur: 0.6 }),
  plan({ slug: 'professional', name: 'Professional', price: 890, included_verifications: 2500, additional_verification_eur: 0.45, is_featured: true }),
  plan({ slug: 'enterprise', name: 'Enterprise', price: null, included_verifications: null, additional_verification_eur: null, support: '24/7' }),
];

beforeEach(() => stubPublicApi());
afterEach(() => vi.unstubAllGlobals());

describe('/pricing', () => {
  it('shows each published plan with its price, volume and the way to take it', async () => {
    fakeRest(() => jsonResponse(PLANS));
    renderAt(<PricingPage />, { at: '/pricing' });
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the plans…');

    const essentials = await screen.findByRole('article', { name: 'Essentials' });
    expect(essentials).toHaveTextContent('€290 per month');
    expect(essentials).toHaveTextContent('500 verifications a month included, then €0.60 each');
    expect(within(essentials).getByRole('link', { name: 'Apply for Essentials' })).toHaveAttribute('href', '/onboarding');

    expect(within(screen.getByRole('article', { name: /Professional/ })).getByText('Most chosen')).toBeInTheDocument();

    const enterprise = screen.getByRole('article', { name: 'Enterprise' });
    expect(enterprise).toHaveTextContent('On request');
    expect(within(enterprise).getByRole('link', { name: 'Contact us about Enterprise' }).getAttribute('href')).toMatch(
      /^mailto:hello@accord\.network\?subject=/,
    );
  });

  it('compares the plans side by side', async () => {
    fakeRest(() => jsonResponse(PLANS));
    renderAt(<PricingPage />, { at: '/pricing' });
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(1)).toEqual(['Essentials', 'Professional', 'Enterprise']);
    const price = within(table).getByRole('row', { name: /Price, excluding VAT/ });
    expect(within(price).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['€290 a month', '€890 a month', 'On request']);
    const extra = within(table).getByRole('row', { name: /Each additional verification/ });
    expect(within(extra).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['€0.60', '€0.45', 'Agreed with you']);
  });

  it('shows each plan in its own currency and billing period', async () => {
    fakeRest(() => jsonResponse([plan({ slug: 'annual', name: 'Annual', price: 9000, currency: 'GBP', billing_period: 'year', included_verifications: null, additional_verification_eur: null })]));
    renderAt(<PricingPage />, { at: '/pricing' });
    expect(await screen.findByRole('article', { name: 'Annual' })).toHaveTextContent('£9,000 per year');
    const price = within(screen.getByRole('table')).getByRole('row', { name: /Price, excluding VAT/ });
    expect(within(price).getByRole('cell')).toHaveTextContent('£9,000 a year');
  });

  it('answers the usual questions whatever the plans', async () => {
    fakeRest(() => jsonResponse([]));
    renderAt(<PricingPage />, { at: '/pricing' });
    expect(await screen.findByText('No plans are published at the moment')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getByText('What counts as a verification?')).toBeInTheDocument();
  });

  it('explains a failure and loads the plans on retry', async () => {
    let calls = 0;
    fakeRest(() => (++calls === 1 ? jsonResponse({ message: 'Service unavailable' }, 503) : jsonResponse(PLANS)));
    renderAt(<PricingPage />, { at: '/pricing' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The plans could not be loaded');
    expect(alert).toHaveTextContent('Service unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Essentials' })).toBeInTheDocument();
  });
});
