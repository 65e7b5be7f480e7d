import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import AdminUpdatesPage from './admin-updates-page';

/**
 * /admin/updates against a fake client: the list by status, the editor's own
 * checks before anything is sent, the database's refusal in words, and the
 * calls that publishing makes. The database's part is in
 * tests/db/news-desk.test.ts and the whole flow in tests/e2e/news-desk.test.ts.
 */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const HOUR = 3_600_000;
const row = (id: string, title: string, extra: Record<string, unknown>) => ({
  id,
  slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  title,
  summary: `${title}: the summary.`,
  body: `${title}: the body.`,
  category: 'network',
  is_published: false,
  published_at: null,
  unpublished_at: null,
  updated_at: '2026-11-20T10:00:00Z',
  ...extra,
});
const ROWS = [
  row('00000000-0000-4000-8000-000000000001', 'A draft', {}),
  row('00000000-0000-4000-8000-000000000002', 'A scheduled one', { is_published: true, published_at: new Date(Date.now() + 24 * HOUR).toISOString() }),
  row('00000000-0000-4000-8000-000000000003', 'A published one', { is_published: true, published_at: '2026-11-01T09:00:00Z' }),
  row('00000000-0000-4000-8000-000000000004', 'A withdrawn one', { published_at: '2026-10-01T09:00:00Z', unpublished_at: '2026-11-02T09:00:00Z' }),
];

function fakeClient({ list = async (): Promise<Answer> => ({ data: ROWS, error: null }), rpc = {} as Record<string, (args: unknown) => Promise<Answer>> } = {}) {
  // Just enough of postgrest-js's builder for the two reads the desk makes.
  const builder = {
    select: () => builder,
    order: () => builder,
    eq: (_: string, id: string) => ({ maybeSingle: async () => ({ data: ROWS.find((r) => r.id === id) ?? null, error: null }) }),
    limit: () => list(),
  };
  const calls = vi.fn((name: string, args: unknown) => (rpc[name] ?? (async () => ({ data: null, error: null })))(args));
  const upload = vi.fn(async (path: string) => ({ data: { path }, error: null }));
  const client = { from: () => builder, rpc: calls, storage: { from: () => ({ upload }) } } as unknown as AccordClient;
  return { client, calls, upload };
}

function renderPage(client: AccordClient, at = '/admin/updates') {
  renderAt(
    <>
      <AdminUpdatesPage client={client} />
      <ToastList />
    </>,
    { at },
  );
  return userEvent.setup({ delay: null });
}

describe('/admin/updates list', () => {
  it('shows every update with its status, and filters by status', async () => {
    const user = renderPage(fakeClient().client);
    expect(screen.getByRole('heading', { level: 1, name: 'Updates' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Updates, last changed first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['Draft', 'Scheduled', 'Published', 'Unpublished']);
    expect(within(rows[1]!).getByRole('link', { name: 'A scheduled one' })).toHaveAttribute('href', `/admin/updates?edit=${ROWS[1]!.id}`);
    expect(within(rows[2]!).getByRole('link', { name: /View on the site/ })).toHaveAttribute('href', '/news?update=a-published-one');

    await user.click(screen.getByRole('button', { name: 'Scheduled (1)' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('A scheduled one')).toBeInTheDocument();
  });

  it('says so when the updates cannot be loaded, and tries again', async () => {
    const list = vi.fn(async (): Promise<Answer> => ({ data: null, error: { message: 'connection refused' } }));
    const user = renderPage(fakeClient({ list }).client);
    expect(await screen.findByText('The updates could not be loaded')).toBeInTheDocument();
    list.mockImplementation(async () => ({ data: [], error: null }));
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('No updates yet')).toBeInTheDocument();
  });
});

describe('/admin/updates editor', () => {
  it('tells what is missing before sending anything, and makes the slug from the title', async () => {
    const { client, calls } = fakeClient();
    const user = renderPage(client, '/admin/updates?edit=new');
    expect(screen.getByRole('heading', { level: 1, name: 'Write an update' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Give the update a title.')).toBeInTheDocument();
    expect(screen.getByText('Write a summary of one or two sentences.')).toBeInTheDocument();
    expect(screen.getByText('Choose what the update is about.')).toBeInTheDocument();
    expect(screen.getByText('Write the update’s text.')).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Trust framework 1.3 — what’s new!');
    expect(screen.getByRole('textbox', { name: /^Slug/ })).toHaveValue('trust-framework-1-3-what-s-new');
    await user.clear(screen.getByRole('textbox', { name: /^Slug/ }));
    await user.type(screen.getByRole('textbox', { name: /^Slug/ }), 'Has Spaces');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Use lower-case letters, digits and single hyphens/)).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('shows the database’s refusal in words and keeps what was typed', async () => {
    const { client } = fakeClient({ rpc: { admin_save_update: async () => ({ data: null, error: { message: 'update_slug_taken', code: '23505' } }) } });
    const user = renderPage(client, '/admin/updates?edit=new');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Taken');
    await user.type(screen.getByRole('textbox', { name: /^Summary/ }), 'A summary.');
    await user.selectOptions(screen.getByRole('combobox', { name: /^About/ }), 'network');
    await user.type(screen.getByRole('textbox', { name: /^Text/ }), 'Body.');
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The update was not saved');
    expect(alert).toHaveTextContent('Another update already has this slug. Choose another.');
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Taken');
  });

  it('moves between Write and Preview with the arrow keys, Home and End, as one tab stop, keeping what was typed', async () => {
    const { client } = fakeClient({});
    const user = renderPage(client, '/admin/updates?edit=new');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Keyboard first');
    const write = screen.getByRole('tab', { name: 'Write' });
    const preview = screen.getByRole('tab', { name: 'Preview' });
    expect(write).toHaveAttribute('tabindex', '0');
    expect(preview).toHaveAttribute('tabindex', '-1');

    write.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Preview' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Keyboard first' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Write' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Write' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Keyboard first');
  });

  it('publishes an edited draft: saves it, then publishes it now', async () => {
    const draft = ROWS[0]!;
    const { client, calls } = fakeClient({
      rpc: {
        admin_save_update: async () => ({ data: draft.id, error: null }),
        admin_publish_update: async () => ({ data: new Date().toISOString(), error: null }),
      },
    });
    const user = renderPage(client, `/admin/updates?edit=${draft.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit the update' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'A draft' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Update published')).toBeInTheDocument();
    expect(calls.mock.calls.map(([name]) => name)).toEqual(['admin_save_update', 'admin_publish_update']);
    expect(calls.mock.calls[0]![1]).toMatchObject({ p_id: draft.id, p_slug: draft.slug, p_title: 'A draft', p_category: 'network' });
    expect(calls.mock.calls[1]![1]).toEqual({ p_id: draft.id, p_published_at: null });
  });

  it('checks a cover’s type, size and description before uploading it, then saves the update with it', async () => {
    const { client, calls, upload } = fakeClient({ rpc: { admin_save_update: async () => ({ data: ROWS[0]!.id, error: null }) } });
    const user = renderPage(client, '/admin/updates?edit=new');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'With a cover');
    await user.type(screen.getByRole('textbox', { name: /^Summary/ }), 'A summary.');
    await user.selectOptions(screen.getByRole('combobox', { name: /^About/ }), 'network');
    await user.type(screen.getByRole('textbox', { name: /^Text/ }), 'Body.');
    const picker = screen.getByLabelText('Choose an image');
    fireEvent.change(picker, { target: { files: [new File(['GIF89a'], 'moving.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('moving.gif is not a PNG, JPEG or WebP image. Choose one of those.')).toBeInTheDocument();
    fireEvent.change(picker, { target: { files: [new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.webp', { type: 'image/webp' })] } });
    expect(await screen.findByText('huge.webp is larger than 2 MB. Choose a smaller image.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(upload).not.toHaveBeenCalled();

    fireEvent.change(picker, { target: { files: [new File(['png'], 'cover.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('img', { name: 'Preview of the chosen cover image' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Describe the cover image for people who cannot see it.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    expect(calls).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /^Describe the image/ }), 'A clinic’s front desk');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
    const [path] = upload.mock.calls[0]!;
    expect(path).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(calls.mock.calls[0]![1]).toMatchObject({ p_cover_path: path, p_cover_alt: 'A clinic’s front desk' });
  });
});
