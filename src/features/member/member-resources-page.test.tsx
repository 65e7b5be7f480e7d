import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import MemberResourcesPage from './member-resources-page';

/**
 * /dashboard/resources against a fake client: its loading, error (with retry),
 * empty and listed states, categories, search and the "New" marks. What a
 * member may see is the database's decision (tests/db/member-resources.test.ts).
 */
type Answer = { data: unknown; error: { message: string } | null };

const RESOURCES = [
  { id: 'r1', title: 'Passport checklist', description: 'Checks for passports.', category: 'Checklists', audience: 'all_members', sectors: [], published: true, published_at: '2026-11-01T00:00:00Z', content_updated_at: '2026-11-22T00:00:00Z', current_version_id: 'v1' },
  { id: 'r2', title: 'Consent template', description: 'A form to adapt.', category: 'Templates', audience: 'sectors', sectors: ['healthcare'], published: true, published_at: '2026-11-01T00:00:00Z', content_updated_at: '2026-11-01T00:00:00Z', current_version_id: 'v2' },
];
const VERSIONS = [
  { id: 'v1', resource_id: 'r1', version_label: '2.0', object_path: 'a/passport.pdf', file_name: 'passport.pdf', mime_type: 'application/pdf', byte_size: 2048, uploaded_at: '2026-11-22T00:00:00Z', uploaded_by: null },
  { id: 'v2', resource_id: 'r2', version_label: '1.0', object_path: 'b/consent.docx', file_name: 'consent.docx', mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', byte_size: 4096, uploaded_at: '2026-11-01T00:00:00Z', uploaded_by: null },
];

/** A client whose tables answer from `answers` (each read takes the next answer of its table) and whose last visit is `previousVisit`. */
function fakeClient(answers: Record<string, Answer[]>, previousVisit: string | null = '2026-11-10T00:00:00Z'): AccordClient {
  const from = (table: string) => {
    const builder = {
      select: () => builder,
      order: () => builder,
      then: (resolve: (a: Answer) => unknown, reject: (e: unknown) => unknown) => {
        const queue = answers[table] ?? [];
        const answer = queue.length > 1 ? queue.shift()! : queue[0];
        return Promise.resolve(answer).then(resolve, reject);
      },
    };
    return builder;
  };
  return { from, rpc: () => Promise.resolve({ data: previousVisit, error: null }) } as unknown as AccordClient;
}

describe('MemberResourcesPage', () => {
  it('lists resources by category, marks what is new since the last visit, and searches', async () => {
    renderAt(<MemberResourcesPage client={fakeClient({ resources: [{ data: RESOURCES, error: null }], resource_versions: [{ data: VERSIONS, error: null }] })} />);
    const passport = await screen.findByRole('article', { name: 'Passport checklist' });
    expect(screen.getByRole('heading', { level: 2, name: 'Checklists' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Templates' })).toBeInTheDocument();
    expect(await within(passport).findByText('New')).toBeInTheDocument();
    expect(within(passport).getByText(/Version 2\.0 · PDF · 2 KB/)).toBeInTheDocument();
    const consent = screen.getByRole('article', { name: 'Consent template' });
    expect(within(consent).queryByText('New')).not.toBeInTheDocument();
    expect(within(consent).getByText(/Word · 4 KB/)).toBeInTheDocument();
    expect(screen.getByText('2 resources · 1 new since your last visit')).toBeInTheDocument();
    expect(within(passport).getByRole('button', { name: 'Download Passport checklist' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search resources' }), 'consent');
    expect(screen.queryByRole('article', { name: 'Passport checklist' })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 2 resources · 1 new since your last visit')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search resources' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search resources' }), 'driving licence');
    expect(screen.getByText('No resource matches that search')).toBeInTheDocument();
  });

  it('says when nothing is published for the organisation', async () => {
    renderAt(<MemberResourcesPage client={fakeClient({ resources: [{ data: [], error: null }], resource_versions: [{ data: [], error: null }] })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading resources…');
    expect(await screen.findByText('No resources for your organisation yet')).toBeInTheDocument();
  });

  it('shows a failure with its reason and loads again on retry', async () => {
    const client = fakeClient({
      resources: [{ data: null, error: { message: 'Failed to fetch' } }, { data: RESOURCES, error: null }],
      resource_versions: [{ data: VERSIONS, error: null }],
    });
    renderAt(<MemberResourcesPage client={client} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The resources could not be loaded');
    expect(alert).toHaveTextContent("We couldn't reach Accord.");
    await userEvent.click(within(alert).getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('article', { name: 'Passport checklist' })).toBeInTheDocument();
  });
});
