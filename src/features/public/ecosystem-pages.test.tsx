import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeRest, FAKE_API_URL, jsonResponse, stubPublicApi, type Route } from '../../testing/fake-rest';
import { renderAt } from '../../testing/render';
import EcosystemPage from './ecosystem-page';
import SolutionPage from './solution-page';

const solution = (slug: string, name: string, category: string, logo: string | null) => ({
  id: slug,
  slug,
  name,
  provider: `${name} Ltd`,
  category,
  summary: `What ${name} does.`,
  integrates_with: ['Accord registry API'],
  logo_path: logo,
  description: `${name} in detail.\n\n- One\n- Two`,
  website: `https://${slug}.example`,
  country: 'NL',
});

const SOLUTIONS = [
  solution('veridis-identity', 'Veridis Identity', 'identity_verification', 'ecosystem/veridis-identity.png'),
  solution('docuproof', 'DocuProof', 'document_verification', 'ecosystem/docuproof.png'),
  solution('passerelle-wallet', 'Passerelle Wallet', 'digital_wallet', 'ecosystem/passerelle-wallet.png'),
  solution('ledgerline-seal', 'Ledgerline Seal', 'trust_services', null),
];

const solutionsApi: Route = ({ table, params }) => {
  if (table !== 'ecosystem_solutions') return undefined;
  const slug = params.get('slug');
  return jsonResponse(slug ? SOLUTIONS.filter((s) => `eq.${s.slug}` === slug) : SOLUTIONS);
};

beforeEach(() => stubPublicApi());
afterEach(() => vi.unstubAllGlobals());

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Ecosystem solutions' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('/ecosystem', () => {
  it('filters the solutions by category, keeping the choice in the address', async () => {
    fakeRest(solutionsApi);
    renderAt(<EcosystemPage />, { at: '/ecosystem', path: '/ecosystem' });
    expect(await screen.findByText('Showing all 4 solutions.')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Veridis Identity', 'DocuProof', 'Passerelle Wallet', 'Ledgerline Seal']);

    const filter = screen.getByRole('group', { name: 'Filter by category' });
    // Only categories that have solutions are offered.
    expect(within(filter).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All(4)',
      'Identity verification(1)',
      'Document verification(1)',
      'Digital wallets(1)',
      'Trust services(1)',
    ]);
    await userEvent.click(within(filter).getByRole('button', { name: /Digital wallets/ }));
    expect(within(filter).getByRole('button', { name: /Digital wallets/ })).toHaveAttribute('aria-pressed', 'true');
    expect(cardNames()).toEqual(['Passerelle Wallet']);
    expect(screen.getByText('Showing 1 of 4 solutions: Digital wallets.')).toBeInTheDocument();

    await userEvent.click(within(filter).getByRole('button', { name: /All/ }));
    expect(cardNames()).toHaveLength(4);
  });

  it('opens at the category the address names, and ignores one it does not know', async () => {
    fakeRest(solutionsApi);
    renderAt(<EcosystemPage />, { at: '/ecosystem?category=trust_services', path: '/ecosystem' });
    expect(await screen.findByText('Showing 1 of 4 solutions: Trust services.')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Ledgerline Seal']);
  });

  it('shows logos from the brand_assets bucket and a neutral mark when there is none or it fails to load', async () => {
    fakeRest(solutionsApi);
    const { container } = renderAt(<EcosystemPage />, { at: '/ecosystem?category=bogus', path: '/ecosystem' });
    expect(await screen.findByText('Showing all 4 solutions.')).toBeInTheDocument();
    const logos = [...container.querySelectorAll('img')];
    expect(logos.map((img) => img.getAttribute('src'))).toEqual([
      `${FAKE_API_URL}/storage/v1/object/public/brand_assets/ecosystem/veridis-identity.png`,
      `${FAKE_API_URL}/storage/v1/object/public/brand_assets/ecosystem/docuproof.png`,
      `${FAKE_API_URL}/storage/v1/object/public/brand_assets/ecosystem/passerelle-wallet.png`,
    ]);
    expect(screen.getAllByTestId('solution-mark').map((mark) => mark.textContent)).toEqual(['LS']);

    fireEvent.error(logos[1]!);
    expect(container.querySelectorAll('img')).toHaveLength(2);
    expect(screen.getAllByTestId('solution-mark').map((mark) => mark.textContent)).toEqual(['D', 'LS']);
  });
});

describe('/ecosystem/:solutionId', () => {
  it('shows the solution in full with its logo, website and the way back', async () => {
    fakeRest(solutionsApi);
    renderAt(<SolutionPage />, { at: '/ecosystem/veridis-identity', path: '/ecosystem/:solutionId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Veridis Identity' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Veridis Identity logo' })).toHaveAttribute(
      'src',
      `${FAKE_API_URL}/storage/v1/object/public/brand_assets/ecosystem/veridis-identity.png`,
    );
    expect(screen.getByText('By Veridis Identity Ltd, based in Netherlands')).toBeInTheDocument();
    const website = screen.getByRole('link', { name: /Visit veridis-identity\.example/ });
    expect(website).toHaveAttribute('href', 'https://veridis-identity.example');
    expect(website).toHaveAttribute('rel', 'noopener noreferrer');
    expect(website).toHaveTextContent('(opens in a new tab)');
    expect(screen.getByRole('complementary', { name: 'About Veridis Identity' })).toHaveTextContent('Accord registry API');
    expect(screen.getByRole('link', { name: 'All ecosystem solutions' })).toHaveAttribute('href', '/ecosystem');
  });

  it('says clearly when no solution has the id', async () => {
    fakeRest(solutionsApi);
    renderAt(<SolutionPage />, { at: '/ecosystem/no-such-solution', path: '/ecosystem/:solutionId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Solution not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all ecosystem solutions' })).toHaveAttribute('href', '/ecosystem');
  });
});
