import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { AREA_SECTIONS, areaNavigation, routes, type Area } from '../../routes/routes';
import { renderAt } from '../../testing/render';
import { AreaNavigation, type UnreadCounts } from './area-navigation';

const LABELS: Record<Area, string> = { member: 'Member area', admin: 'Back office' };

function renderArea(area: Area, at: string, unread?: UnreadCounts) {
  renderAt(
    <AreaNavigation label={LABELS[area]} sections={areaNavigation(area)} unread={unread}>
      <h1>The page</h1>
    </AreaNavigation>,
    { at, path: '*' },
  );
}

/** The side column's navigation (the drawer's copy is only there while it is open). */
const sideNav = (area: Area) => screen.getByRole('navigation', { name: LABELS[area] });

describe.each([
  ['member', '/dashboard/members', 10],
  ['admin', '/admin/tenants', 17],
] as const)('the %s area navigation', (area, current, count) => {
  it(`lists each of the area's ${count} pages once, section by section in the table's order`, () => {
    renderArea(area, current);
    const nav = sideNav(area);
    const expected = routes.filter((route) => route.kind === area && route.areaNav);
    expect(expected).toHaveLength(count);
    const hrefs = within(nav).getAllByRole('link').map((link) => link.getAttribute('href'));
    const bySection = AREA_SECTIONS[area].flatMap((section) =>
      expected.filter((route) => route.areaNav?.section === section).map((route) => route.path),
    );
    expect(hrefs).toEqual(bySection);
    expect(new Set(hrefs).size).toBe(count);
    for (const { section, items } of areaNavigation(area)) {
      const list = within(nav).getByRole('list', { name: section });
      expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(items.map((item) => item.label));
    }
  });

  it('marks the current page, and only it', () => {
    renderArea(area, current);
    const marked = within(sideNav(area))
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(marked.map((link) => link.getAttribute('href'))).toEqual([current]);
  });
});

describe('AreaNavigation', () => {
  it('does not mark the dashboard on its sub-pages', () => {
    renderArea('member', '/dashboard/settings');
    const nav = sideNav('member');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows nothing in the unread slots until there is a count', () => {
    renderArea('member', '/dashboard');
    expect(within(sideNav('member')).getByRole('link', { name: 'Messages' }).textContent).toBe('Messages');
  });

  it('shows an unread count in its slot when one is given', () => {
    renderArea('member', '/dashboard', { messages: 3 });
    const nav = sideNav('member');
    expect(within(nav).getByRole('link', { name: /^Messages\s*3\s*unread$/ })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Notifications' }).textContent).toBe('Notifications');
  });

  it('opens the drawer from the keyboard, moves focus into it, marks the current page there, and closes on Escape', async () => {
    const user = userEvent.setup();
    renderArea('admin', '/admin/users');
    const button = screen.getByRole('button', { name: 'Back office menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');

    const drawer = await screen.findByRole('dialog', { name: 'Back office' });
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const nav = within(drawer).getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('link')).toHaveLength(17);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('closes the drawer when a page is chosen in it, marking the new page', async () => {
    const user = userEvent.setup();
    renderArea('member', '/dashboard');
    await user.click(screen.getByRole('button', { name: 'Member area menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Member area' });
    await user.click(within(drawer).getByRole('link', { name: 'Help' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(sideNav('member')).getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
  });
});
