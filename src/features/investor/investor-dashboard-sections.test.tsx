import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import { InvestorDocumentsSection } from './investor-documents-section';
import { InvestorUpdatesSection } from './investor-updates-section';

/**
 * The investor dashboard's updates and documents against a fake client: their
 * loading, error (with retry), empty and listed states. What an investor may
 * read is the database's decision (tests/db/data-room.test.ts); opening goes
 * through the Edge Function (tests/db/open-investor-document-function.test.ts).
 */
type Answer = { data: unknown; error: { message: string } | null };

/** Tables answer from `answers`, each read taking the next answer of its table (the last one repeats). */
function fakeClient(answers: Record<string, Answer[]>): AccordClient {
  const from = (table: string) => {
    const builder = {
      select: () => builder,
      order: () => builder,
      limit: () => builder,
      then: (resolve: (a: Answer) => unknown, reject: (e: unknown) => unknown) => {
        const queue = answers[table] ?? [{ data: [], error: null }];
        const answer = queue.length > 1 ? queue.shift()! : queue[0];
        return Promise.resolve(answer).then(resolve, reject);
      },
    };
    return builder;
  };
  return { from } as unknown as AccordClient;
}

const ok = (data: unknown): Answer => ({ data, error: null });
const failed: Answer = { data: null, error: { message: 'Failed to fetch' } };

const FOLDERS = [{ id: 'f1', name: 'Reports', position: 0 }];
const DOCUMENTS = [
  { id: 'd1', folder_id: 'f1', title: 'Quarterly letter', description: 'How the quarter went.', level: 'lite', current_version_id: 'v1', updated_at: '2026-11-20T00:00:00Z' },
  { id: 'd2', folder_id: 'f1', title: 'Cap table', description: null, level: 'data_room', current_version_id: 'v2', updated_at: '2026-11-21T00:00:00Z' },
];
const VERSIONS = [
  { id: 'v1', version: 2, file_name: 'letter.pdf', content_type: 'application/pdf', size_bytes: 310 * 1024, uploaded_at: '2026-11-20T00:00:00Z' },
  { id: 'v2', version: 1, file_name: 'cap.xlsx', content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', size_bytes: 2048, uploaded_at: '2026-11-21T00:00:00Z' },
];

describe('InvestorUpdatesSection', () => {
  it('lists the posts as the database orders them, with their dates', async () => {
    const updates = [
      { id: 'u2', title: 'Network passes 100 members', body: 'Growth this quarter.', published_at: '2026-11-22T09:00:00Z' },
      { id: 'u1', title: 'Welcome', body: 'First post.', published_at: '2026-11-01T09:00:00Z' },
    ];
    renderAt(<InvestorUpdatesSection client={fakeClient({ investor_updates: [ok(updates)] })} />);
    const posts = await screen.findAllByRole('article');
    expect(posts.map((post) => within(post).getByRole('heading').textContent)).toEqual(['Network passes 100 members', 'Welcome']);
    expect(within(posts[0]).getByText('22 November 2026')).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    renderAt(<InvestorUpdatesSection client={fakeClient({ investor_updates: [ok([])] })} />);
    expect(await screen.findByText('No updates yet')).toBeInTheDocument();
  });

  it('says why the posts could not be loaded and loads them again on "Try again"', async () => {
    const updates = [{ id: 'u1', title: 'Welcome', body: 'First post.', published_at: '2026-11-01T09:00:00Z' }];
    renderAt(<InvestorUpdatesSection client={fakeClient({ investor_updates: [failed, ok(updates)] })} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The updates could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Welcome' })).toBeInTheDocument();
  });
});

describe('InvestorDocumentsSection', () => {
  const tables = () => ({ investor_folders: [ok(FOLDERS)], investor_documents: [ok(DOCUMENTS)], investor_document_versions: [ok(VERSIONS)] });

  it('shows only the lite documents, each with its version, type, size and date, and Open and Download', async () => {
    renderAt(<InvestorDocumentsSection client={fakeClient(tables())} />);
    const letter = await screen.findByRole('listitem', { name: 'Quarterly letter' });
    expect(within(letter).getByText('Version 2 · PDF · 310 KB · updated 20 November 2026')).toBeInTheDocument();
    expect(within(letter).getByRole('button', { name: 'Open Quarterly letter' })).toBeInTheDocument();
    expect(within(letter).getByRole('button', { name: 'Download Quarterly letter' })).toBeInTheDocument();
    // The data room's documents have their own page.
    expect(screen.queryByText('Cap table')).not.toBeInTheDocument();
  });

  it('says when there is no lite document', async () => {
    renderAt(<InvestorDocumentsSection client={fakeClient({ ...tables(), investor_documents: [ok([DOCUMENTS[1]])] })} />);
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
  });

  it('says why the documents could not be loaded and loads them again on "Try again"', async () => {
    renderAt(<InvestorDocumentsSection client={fakeClient({ ...tables(), investor_documents: [failed, ok(DOCUMENTS)] })} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The documents could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Quarterly letter' })).toBeInTheDocument();
  });
});
