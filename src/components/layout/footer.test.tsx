import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderAt } from '../../testing/render';
import { Footer } from './footer';

describe('Footer', () => {
  it('is the contentinfo landmark with the six links of the spec', () => {
    renderAt(<Footer />);
    const footer = screen.getByRole('contentinfo');
    const links = within(within(footer).getByRole('navigation', { name: 'Footer' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Trust Registry', '/trust-registry'],
      ['Contact Us', 'mailto:hello@accord.network'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['API Guide', '/api-guide'],
      ['Ecosystem', '/ecosystem'],
    ]);
  });

  it('says that Contact Us opens a dialog, and keeps the e-mail address as the link for anything that cannot run it', () => {
    renderAt(<Footer />);
    const contact = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Contact Us' });
    expect(contact).toHaveAttribute('aria-haspopup', 'dialog');
    expect(contact).toHaveAttribute('href', 'mailto:hello@accord.network');
  });

  it('describes Accord', () => {
    renderAt(<Footer />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/trust and acceptance network for organisations/i);
  });

  it('carries a copyright line with the current year', () => {
    renderAt(<Footer />);
    const year = new Date().getFullYear();
    expect(within(screen.getByRole('contentinfo')).getByText(`© ${year} Accord. All rights reserved.`)).toBeInTheDocument();
  });
});
