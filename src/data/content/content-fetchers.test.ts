import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeRest, FAKE_API_URL, jsonResponse, stubPublicApi } from '../../testing/fake-rest';
import { DataError } from '../errors';
import { getSolution } from './get-solution';
import { getUpdate } from './get-update';
import { listPricingPlans } from './list-pricing-plans';
import { listSolutions } from './list-solutions';
import { listUpdates } from './list-updates';

/** The published-content fetchers: what they ask PostgREST, and the shape they give the pages. */
beforeEach(() => stubPublicApi());
afterEach(() => {
  vi.unstubAllGlobals();
});

const solutionRow = {
  id: 's1',
  slug: 'veridis-identity',
  name: 'Veridis Identity',
  provider: 'Veridis B.V.',
  category: 'identity_verification',
  summary: 'Remote identity verification.',
  integrates_with: ['OpenID Connect'],
  logo_path: 'ecosystem/veridis identity.png',
  description: 'Long text.',
  website: 'https://www.veridis.example',
  country: 'NL',
};

describe('listPricingPlans', () => {
  it('asks for the plans in the back office order and turns prices into numbers', async () => {
    const { requests } = fakeRest(({ table }) =>
      table === 'pricing_plans'
        ? jsonResponse([
            {
              id: 'p1',
              slug: 'scale',
              name: 'Scale',
              summary: 'Large.',
              price: '2400.00',
              currency: 'EUR',
              billing_period: 'month',
              included_verifications: 10000,
              additional_verification_eur: 0.3,
              support: 'Named contact',
              features: ['Audit log export'],
              is_featured: false,
            },
            {
              id: 'p2',
              slug: 'enterprise',
              name: 'Enterprise',
              summary: 'Custom.',
              price: null,
              currency: 'EUR',
              billing_period: 'month',
              included_verifications: null,
              additional_verification_eur: null,
              support: '24/7',
              features: [],
              is_featured: false,
            },
          ])
        : undefined,
    );
    const plans = await listPricingPlans();
    expect(requests[0]?.params.get('order')).toBe('sort_order.asc,name.asc');
    expect(requests[0]?.params.get('select')).toContain('price');
    expect(plans.map((p) => [p.slug, p.price, p.additionalVerificationEur])).toEqual([
      ['scale', 2400, 0.3],
      ['enterprise', null, null],
    ]);
  });

  it('throws a DataError with the server’s message when PostgREST refuses', async () => {
    fakeRest(() => jsonResponse({ message: 'permission denied for table pricing_plans', code: '42501' }, 401));
    await expect(listPricingPlans()).rejects.toEqual(expect.objectContaining({ name: 'DataError', status: 401, code: '42501' }));
    await expect(listPricingPlans()).rejects.toBeInstanceOf(DataError);
  });
});

describe('updates', () => {
  it('lists them newest first without bodies', async () => {
    const { requests } = fakeRest(() => jsonResponse([]));
    await listUpdates();
    expect(requests[0]?.table).toBe('updates');
    expect(requests[0]?.params.get('order')).toBe('published_at.desc,title.asc');
    expect(requests[0]?.params.get('select')).not.toContain('body');
  });

  it('finds one by slug with its body, and answers null when there is none', async () => {
    const row = { id: 'u1', slug: 'api', title: 'API', summary: 'S', category: 'product', published_at: '2026-06-16T09:00:00+00:00', body: 'Text' };
    const { requests } = fakeRest(({ params }) => jsonResponse(params.get('slug') === 'eq.api' ? [row] : []));
    expect(await getUpdate('api')).toEqual({
      id: 'u1',
      slug: 'api',
      title: 'API',
      summary: 'S',
      category: 'product',
      publishedAt: '2026-06-16T09:00:00+00:00',
      body: 'Text',
      cover: null,
    });
    expect(requests[0]?.params.get('select')).toContain('body');
    expect(await getUpdate('no-such-update')).toBeNull();
  });

  it('gives a cover its public address in update_covers, with its alternative text', async () => {
    const row = {
      id: 'u2', slug: 'covered', title: 'Covered', summary: 'S', category: 'network', published_at: '2026-06-16T09:00:00+00:00',
      cover_path: 'a1b2 c3.png', cover_alt: 'Two people shaking hands',
    };
    const { requests } = fakeRest(() => jsonResponse([row]));
    const [update] = await listUpdates();
    expect(requests[0]?.params.get('select')).toContain('cover_path,cover_alt');
    expect(update?.cover).toEqual({
      url: expect.stringMatching(/\/storage\/v1\/object\/public\/update_covers\/a1b2%20c3\.png$/),
      alt: 'Two people shaking hands',
    });
  });

  it('does not ask for a slug no row could have', async () => {
    const { fetchMock } = fakeRest(() => jsonResponse([]));
    expect(await getUpdate('../../etc')).toBeNull();
    expect(await getUpdate('Trust Framework')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('solutions', () => {
  it('give each logo its public address in brand_assets, and none without a logo', async () => {
    fakeRest(() => jsonResponse([solutionRow, { ...solutionRow, id: 's2', slug: 'ledgerline-seal', logo_path: null }]));
    const solutions = await listSolutions();
    expect(solutions.map((s) => s.logoUrl)).toEqual([
      `${FAKE_API_URL}/storage/v1/object/public/brand_assets/ecosystem/veridis%20identity.png`,
      null,
    ]);
  });

  it('find one by its public id, or null', async () => {
    const { requests } = fakeRest(({ params }) => jsonResponse(params.get('slug') === 'eq.veridis-identity' ? [solutionRow] : []));
    expect(await getSolution('veridis-identity')).toMatchObject({ name: 'Veridis Identity', website: 'https://www.veridis.example', country: 'NL' });
    expect(requests[0]?.table).toBe('ecosystem_solutions');
    expect(await getSolution('unknown')).toBeNull();
  });
});
