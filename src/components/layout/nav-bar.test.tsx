import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { navItems } from '../../routes/routes';
import { renderAt } from '../../testing/render';
import { NavBar, type NavBarSession } from './nav-bar';

function renderNavBar(session: NavBarSession, onSignOut = vi.fn()) {
  renderAt(<NavBar items={navItems} session={session} onSignOut={onSignOut} />, { path: '*' });
  return { onSignOut, nav: screen.getByRole('navigation', { name: 'Main' }) };
}

describe('NavBar', () => {
  it('lists the seven items of the spec, in order, pointing at their pages', () => {
    const { nav } = renderNavBar({ status: 'signedOut' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'About',
      'Trust Framework',
      'Pricing',
      'Updates',
      'Investors',
      'Ecosystem',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/about',
      '/framework',
      '/pricing',
      '/news',
      '/investors',
      '/ecosystem',
    ]);
  });

  it('marks the current page', () => {
    renderNavBar({ status: 'signedOut' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current');
  });

  it('offers Join the Network and Member Login when signed out', () => {
    renderNavBar({ status: 'signedOut' });
    expect(screen.getByRole('link', { name: 'Join the Network' })).toHaveAttribute('href', '/onboarding');
    expect(screen.getByRole('link', { name: 'Member Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('shows neither sign-in nor dashboard buttons while the session is still loading', () => {
    renderNavBar({ status: 'loading' });
    expect(screen.queryByRole('link', { name: 'Member Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Dashboard/ })).not.toBeInTheDocument();
  });

  it('sends a member to the Member Dashboard', () => {
    renderNavBar({ status: 'signedIn', email: 'ada@school.example', isSystemAdmin: false });
    expect(screen.getByRole('link', { name: 'Member Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Member Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join the Network' })).not.toBeInTheDocument();
  });

  it('sends a system admin to the Admin Dashboard', () => {
    renderNavBar({ status: 'signedIn', email: 'root@accord.example', isSystemAdmin: true });
    expect(screen.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    expect(screen.queryByRole('link', { name: 'Member Dashboard' })).not.toBeInTheDocument();
  });

  it("opens a menu with the user's e-mail and a Sign Out action", async () => {
    const user = userEvent.setup();
    const { onSignOut } = renderNavBar({ status: 'signedIn', email: 'ada@school.example', isSystemAdmin: false });

    // The menu's code loads on demand; until then a disabled stand-in holds its place.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@school.example')).toBeVisible();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));

    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('links the person’s own account settings from the account menu, and leaves it out when they have none (decision 042)', async () => {
    const user = userEvent.setup();
    renderNavBar({ status: 'signedIn', email: 'ivy@fund.example', isSystemAdmin: false, settingsPath: '/investor/settings' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Account settings' })).toHaveAttribute('href', '/investor/settings');
  });

  it('has no account settings item for someone without an area yet', async () => {
    const user = userEvent.setup();
    renderNavBar({ status: 'signedIn', email: 'new@applicant.example', isSystemAdmin: false, settingsPath: null });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Account settings' })).toBeNull();
  });

  it('has a mobile menu button that opens the same navigation and actions', async () => {
    const user = userEvent.setup();
    renderNavBar({ status: 'signedOut' });

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const mobileNav = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(within(mobileNav).getAllByRole('link')).toHaveLength(7);
    expect(within(drawer).getByRole('link', { name: 'Join the Network' })).toHaveAttribute('href', '/onboarding');

    await user.click(within(mobileNav).getByRole('link', { name: 'Pricing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
