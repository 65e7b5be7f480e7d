import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { SessionProvider, useSessionFacts } from '../session/session-context';
import { TestProviders } from '../testing/render';
import { sessionLogicFor } from '../testing/session';
import { factsFor, type PersonKind } from '../testing/session-facts';
import { InvestorAreaLinks, StakeholderAreaLinks } from './area-links';

/** Says when the session's facts have arrived, so an absent link is absent for them, not for want of them. */
function FactsLoaded() {
  return useSessionFacts().status === 'signedIn' ? <p>Facts loaded</p> : null;
}

async function renderLinks(person: PersonKind, at: string, links = <InvestorAreaLinks />) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {links}
            <FactsLoaded />
          </>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <TestProviders>
      <SessionProvider logic={sessionLogicFor(factsFor(person))} navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </TestProviders>,
  );
  await screen.findByText('Facts loaded');
}

const linkNames = (nav: HTMLElement) => within(nav).getAllByRole('link').map((link) => link.textContent);

describe('the investor and stakeholder areas link their pages', () => {
  it('a data-room investor gets the data room beside the dashboard, with the page shown marked', async () => {
    await renderLinks('investorDataRoom', '/investor/data-room');
    const nav = await screen.findByRole('navigation', { name: 'Investor area' });
    await within(nav).findByRole('link', { name: 'Data room' });
    expect(linkNames(nav)).toEqual(['Dashboard', 'Data room', 'Account settings']);
    expect(within(nav).getByRole('link', { name: 'Data room' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('a lite investor is not offered the data room they cannot open', async () => {
    await renderLinks('investorLite', '/investor/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Investor area' });
    await within(nav).findByRole('link', { name: 'Dashboard', current: 'page' });
    expect(linkNames(nav)).toEqual(['Dashboard', 'Account settings']);
  });

  it('a stakeholder moves between the dashboard and the analytics', async () => {
    await renderLinks('stakeholder', '/stakeholder/analytics', <StakeholderAreaLinks />);
    const nav = await screen.findByRole('navigation', { name: 'Stakeholder area' });
    expect(linkNames(nav)).toEqual(['Dashboard', 'Analytics', 'Account settings']);
    expect(within(nav).getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/stakeholder/dashboard');
  });
});
