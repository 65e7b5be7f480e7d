import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { routes } from '../../routes/routes';
import { CONTACT_EMAIL } from '../../components/contact-link';
import { renderAt } from '../../testing/render';
import AboutPage from './about-page';
import FrameworkPage from './framework-page';
import PrivacyPage from './privacy-page';
import TermsPage from './terms-page';
import CrossBorderUseCasePage from './use-case-cross-border-page';
import EducationUseCasePage from './use-case-education-page';
import HealthcareUseCasePage from './use-case-healthcare-page';
import OnlineRegistrationUseCasePage from './use-case-online-registration-page';

interface PageCase {
  path: string;
  Page: ComponentType;
  h1: string;
  /** h2 headings a reader must find (besides any others). */
  sections: string[];
  /** Long pages carry an "On this page" list and a "Last updated" date. */
  long?: boolean;
}

const USE_CASE_SECTIONS = [
  'The problem',
  'How members use the network',
  'Assurance levels you will typically need',
  'What changes',
  'Join the network',
  'Other use cases',
];

const PAGES: PageCase[] = [
  {
    path: '/about',
    Page: AboutPage,
    h1: 'About Accord',
    sections: ['Why the network exists', 'What Accord is', 'Who runs it', 'Our principles', 'How to join', 'Contact us'],
  },
  {
    path: '/framework',
    Page: FrameworkPage,
    h1: 'Trust Framework',
    sections: [
      'Participant roles',
      'Levels of assurance',
      'Rules members accept',
      'Governance and changes',
      'Suspension, revocation and reinstatement',
    ],
    long: true,
  },
  { path: '/use-cases/education', Page: EducationUseCasePage, h1: 'Education', sections: USE_CASE_SECTIONS },
  { path: '/use-cases/healthcare', Page: HealthcareUseCasePage, h1: 'Healthcare', sections: USE_CASE_SECTIONS },
  {
    path: '/use-cases/online-registration',
    Page: OnlineRegistrationUseCasePage,
    h1: 'Online registration',
    sections: USE_CASE_SECTIONS,
  },
  {
    path: '/use-cases/cross-border-verification',
    Page: CrossBorderUseCasePage,
    h1: 'Cross-border verification',
    sections: USE_CASE_SECTIONS,
  },
  {
    path: '/privacy',
    Page: PrivacyPage,
    h1: 'Privacy policy',
    sections: [
      'Who we are',
      'The data we collect',
      'How we use data and on what legal basis',
      'Who we share data with',
      'How long we keep data',
      'Your rights',
      'Cookies and browser storage',
      'Contact and complaints',
    ],
    long: true,
  },
  {
    path: '/terms',
    Page: TermsPage,
    h1: 'Terms of service',
    sections: [
      'Who can join',
      'Applications and approval',
      'Acceptable use',
      'The trust registry',
      'Fees and payment',
      'Suspension and termination',
      'Liability',
      'Governing law and disputes',
    ],
    long: true,
  },
];

const USE_CASE_PATHS = PAGES.filter((page) => page.path.startsWith('/use-cases/')).map((page) => page.path);

function renderPage({ Page, path }: PageCase) {
  const { container } = renderAt(<Page />, { at: path });
  return container;
}

const metaDescription = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '';

function headingsOf(container: HTMLElement) {
  return Array.from(container.querySelectorAll<HTMLHeadingElement>('h1, h2, h3, h4, h5, h6'));
}

describe.each(PAGES)('$path', (page) => {
  it('has exactly one h1, the page title', () => {
    renderPage(page);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(page.h1);
  });

  it('sets a specific meta description of search-result length', () => {
    renderPage(page);
    const description = metaDescription();
    expect(description.length).toBeGreaterThanOrEqual(70);
    expect(description.length).toBeLessThanOrEqual(160);
  });

  it('shows its key sections as h2 headings', () => {
    renderPage(page);
    for (const section of page.sections) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
  });

  it('never skips a heading level', () => {
    const container = renderPage(page);
    const levels = headingsOf(container).map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i += 1) {
      expect(levels[i], `heading ${i} ("${headingsOf(container)[i].textContent}")`).toBeLessThanOrEqual(levels[i - 1] + 1);
    }
  });

  it('gives every link a name that makes sense on its own, pointing at a real route', () => {
    const container = renderPage(page);
    const links = within(container).getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.textContent?.trim()).not.toMatch(/^(here|click here|read more|learn more|more)$/i);
      expect(link.textContent?.trim().length).toBeGreaterThan(2);
      const href = link.getAttribute('href') ?? '';
      if (href.startsWith('/')) {
        const pathname = href.split('#')[0];
        expect(
          routes.some((route) => matchPath(route.path, pathname)),
          `${href} is a route of the app`,
        ).toBe(true);
      } else if (href.startsWith('#')) {
        expect(container.querySelector(`[id="${href.slice(1)}"]`), `${href} points at an element of the page`).not.toBeNull();
      } else {
        expect(href).toBe(`mailto:${CONTACT_EMAIL}`);
      }
    }
  });

  it('gives every table a caption and column headers', () => {
    const container = renderPage(page);
    for (const table of within(container).queryAllByRole('table')) {
      expect(table.querySelector('caption')?.textContent?.trim()).toBeTruthy();
      expect(within(table).getAllByRole('columnheader').length).toBeGreaterThanOrEqual(2);
      // The scrollable frame around the table is named by the caption and reachable by keyboard.
      const region = table.closest('[role="region"]');
      expect(region).toHaveAttribute('tabindex', '0');
      expect(region).toHaveAccessibleName(table.querySelector('caption')!.textContent!.trim());
    }
  });

  it('contains no unfinished text', () => {
    const container = renderPage(page);
    expect(container.textContent).not.toMatch(/coming soon|lorem ipsum|\bTODO\b|\bTBD\b|placeholder/i);
  });

  if (page.long) {
    it('lists every section in "On this page", each link pointing at its heading, in reading order', () => {
      const container = renderPage(page);
      const contents = screen.getByRole('navigation', { name: 'On this page' });
      const entries = within(contents)
        .getAllByRole('link')
        .map((link) => ({ href: link.getAttribute('href') ?? '', text: link.textContent }));

      const bodyH2s = headingsOf(container).filter(
        (heading) => heading.tagName === 'H2' && !contents.contains(heading),
      );
      expect(entries.map((entry) => entry.href)).toEqual(bodyH2s.map((heading) => `#${heading.id}`));
      expect(entries.map((entry) => entry.text)).toEqual(bodyH2s.map((heading) => heading.textContent));
      for (const entry of entries) expect(document.getElementById(entry.href.slice(1))?.tagName).toBe('H2');
      expect(new Set(entries.map((entry) => entry.href)).size).toBe(entries.length);
    });

    it('says when it was last updated', () => {
      renderPage(page);
      const updated = screen.getByText(/^Last updated/);
      expect(updated).toHaveTextContent('Last updated 22 November 2026');
      expect(updated.querySelector('time')).toHaveAttribute('datetime', '2026-11-22');
    });
  } else {
    it('has no contents list', () => {
      renderPage(page);
      expect(screen.queryByRole('navigation', { name: 'On this page' })).not.toBeInTheDocument();
    });
  }
});

describe('meta descriptions', () => {
  it('differ from page to page', () => {
    const descriptions = PAGES.map((page) => {
      const { unmount } = renderAt(<page.Page />, { at: page.path });
      const description = metaDescription();
      unmount();
      return description;
    });
    expect(new Set(descriptions).size).toBe(PAGES.length);
  });
});

describe('links between pages land on headings that exist', () => {
  it.each(PAGES)('$path', (page) => {
    const container = renderPage(page);
    const deepLinks = Array.from(container.querySelectorAll<HTMLAnchorElement>('a[href^="/"][href*="#"]')).map(
      (link) => link.getAttribute('href')!,
    );
    for (const href of deepLinks) {
      const [pathname, id] = href.split('#');
      const target = PAGES.find((candidate) => candidate.path === pathname);
      if (!target) throw new Error(`${href} goes to a page outside this set`);
      const { container: targetContainer, unmount } = renderAt(<target.Page />, { at: pathname });
      expect(targetContainer.querySelector(`[id="${id}"]`), `${href} has its anchor`).not.toBeNull();
      unmount();
    }
  });
});

describe('use cases', () => {
  it.each(PAGES.filter((page) => USE_CASE_PATHS.includes(page.path)))(
    '$path offers the calls to action and links the other three use cases',
    (page) => {
      renderPage(page);
      expect(screen.getByRole('link', { name: 'Join the Network' })).toHaveAttribute('href', '/onboarding');
      expect(screen.getByRole('link', { name: 'See members in the trust registry' })).toHaveAttribute(
        'href',
        '/trust-registry',
      );

      const others = within(screen.getByRole('heading', { level: 2, name: 'Other use cases' }).nextElementSibling as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      expect(others.sort()).toEqual(USE_CASE_PATHS.filter((path) => path !== page.path).sort());

      // Concrete flows, each with its steps, and the assurance each check needs.
      expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(3 + 2);
      const assurance = screen.getByRole('table', { name: /^Typical assurance levels for/ });
      expect(within(assurance).getAllByRole('columnheader', { name: /^(Check|Identity|Documents)$/ })).toHaveLength(3);
      expect(within(assurance).getAllByRole('rowheader').length).toBeGreaterThanOrEqual(4);
      expect(within(assurance).getAllByText(/^(Substantial|High)/, { selector: 'td' }).length).toBeGreaterThan(0);
    },
  );
});

describe('the trust framework', () => {
  const framework = PAGES.find((page) => page.path === '/framework')!;

  it('maps its identity levels to eIDAS, NIST SP 800-63 and the UK trust framework in a table', () => {
    renderPage(framework);
    const table = screen.getByRole('table', { name: /identity assurance levels and the public frameworks/i });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Accord level', 'eIDAS level of assurance', 'NIST SP 800-63', 'UK trust framework', 'In practice']);
    const rows = within(table).getAllByRole('rowheader').map((header) => header.textContent);
    expect(rows).toEqual(['Low', 'Substantial', 'High']);
    const high = within(table).getByRole('rowheader', { name: 'High' }).closest('tr')!;
    expect(high).toHaveTextContent('IAL3 and AAL3');
    expect(high).toHaveTextContent('GPG 45 high');
  });

  it('defines document assurance levels too', () => {
    renderPage(framework);
    const table = screen.getByRole('table', { name: 'Accord document assurance levels' });
    expect(within(table).getAllByRole('rowheader').map((header) => header.textContent)).toEqual([
      'Low',
      'Substantial',
      'High',
    ]);
  });

  it('says how a suspension is shown in the registry and appealed', () => {
    renderPage(framework);
    expect(screen.getByRole('heading', { level: 3, name: 'Appeal' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Reinstatement' })).toBeInTheDocument();
    expect(screen.getByText(/keeps the dated history of every change/)).toBeInTheDocument();
    expect(screen.getByText(/within 24 hours of becoming/)).toBeInTheDocument();
  });
});

describe('contact and legal details', () => {
  it.each(PAGES.filter((page) => ['/about', '/privacy', '/terms'].includes(page.path)))('$path gives the contact address', (page) => {
    renderPage(page);
    expect(screen.getAllByRole('link', { name: CONTACT_EMAIL })[0]).toHaveAttribute('href', `mailto:${CONTACT_EMAIL}`);
  });

  it('the privacy policy names the controller, the processor and where the data is hosted, and says nothing tracks visitors', () => {
    renderPage(PAGES.find((page) => page.path === '/privacy')!);
    expect(screen.getByText(/Accord Network operates the Accord trust and acceptance network/)).toBeInTheDocument();
    expect(screen.getByText(/hosts our database, sign-in, file storage and server functions in the\s+European Union/)).toBeInTheDocument();
    expect(screen.getByText(/^We set no cookies\./)).toBeInTheDocument();
    expect(screen.getByText(/Information Commissioner’s Office/)).toBeInTheDocument();
  });

  it('the terms link fees to the pricing page and name the governing law', () => {
    renderPage(PAGES.find((page) => page.path === '/terms')!);
    expect(screen.getByRole('link', { name: 'pricing page' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByText(/governed by the law of England and Wales/)).toBeInTheDocument();
  });
});
