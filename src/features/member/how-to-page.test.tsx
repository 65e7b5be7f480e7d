import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderAt } from '../../testing/render';
import HowToPage, { HOW_TO_SECTIONS } from './how-to-page';

/**
 * /dashboard/how-to: a contents list whose links lead to the sections and move
 * focus there, and registry commands built from the address the app is
 * configured with (tests/db/how-to-examples.test.ts runs them for real).
 */
const API = { url: 'https://network.example.org', anonKey: 'public-anon-key' };

function renderGuide() {
  renderAt(<HowToPage api={API} />, { at: '/dashboard/how-to' });
  return userEvent.setup({ delay: null });
}

describe('/dashboard/how-to', () => {
  it('lists every section in its contents, each link pointing at a heading of the page', () => {
    renderGuide();
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(Object.values(HOW_TO_SECTIONS).map((section) => section.title));
    for (const section of Object.values(HOW_TO_SECTIONS)) {
      const heading = screen.getByRole('heading', { level: 2, name: section.title });
      expect(heading.id).toBe(section.id);
      expect(within(contents).getByRole('link', { name: section.title })).toHaveAttribute('href', `#${section.id}`);
    }
  });

  it('moves focus to the section a contents link leads to', async () => {
    const user = renderGuide();
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    await user.click(within(contents).getByRole('link', { name: HOW_TO_SECTIONS.levels.title }));
    expect(screen.getByRole('heading', { level: 2, name: HOW_TO_SECTIONS.levels.title })).toHaveFocus();
    await user.click(within(contents).getByRole('link', { name: HOW_TO_SECTIONS.team.title }));
    expect(screen.getByRole('heading', { level: 2, name: HOW_TO_SECTIONS.team.title })).toHaveFocus();
  });

  it('prints the commands with the configured API address and public key, not a fixed host', () => {
    renderGuide();
    const commands = screen.getAllByRole('generic', { name: /^Command: / });
    expect(commands.length).toBeGreaterThanOrEqual(4);
    for (const command of commands) {
      expect(command.textContent).toMatch(/^curl -s "https:\/\/network\.example\.org\/rest\/v1\/rpc\/registry_/);
      expect(command.textContent).not.toContain('localhost');
    }
    expect(screen.getByLabelText('Setting the public key')).toHaveTextContent('export ANON_KEY="public-anon-key"');
  });

  it('links to the pages where the organisation’s details and team are kept', () => {
    renderGuide();
    expect(screen.getByRole('link', { name: 'Organisation details' })).toHaveAttribute('href', '/dashboard/organization-details');
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('href', '/dashboard/members');
  });
});
