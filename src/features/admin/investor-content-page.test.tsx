import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import InvestorContentPage from './investor-content-page';

/**
 * /admin/investor-content against a fake client: the folders with their
 * documents and version history, the empty and failed states, the upload
 * form's checks before anything is sent, the upload itself (create, upload,
 * register), and the NDA's warning before a new version. Who may do any of it
 * is the database's decision (tests/db/investor-content.test.ts,
 * tests/storage/investor-documents.test.ts).
 */
type Answer = { data: unknown; error: { message: string } | null };

const FOLDERS = [{ id: 'f1', name: 'Financials' }];
const DOCUMENTS = [
  { id: 'd1', folder_id: 'f1', title: 'Cap table', description: 'As of Q3', level: 'data_room', current_version_id: 'v2', updated_at: '2026-11-20T09:00:00Z' },
];
const VERSIONS = [
  { id: 'v2', document_id: 'd1', version: 2, storage_path: 'd1/v2/cap-table-q3.pdf', file_name: 'cap-table-q3.pdf', content_type: 'application/pdf', size_bytes: 2 * 1024 * 1024, uploaded_at: '2026-11-22T10:00:00Z' },
  { id: 'v1', document_id: 'd1', version: 1, storage_path: 'd1/v1/cap-table.pdf', file_name: 'cap-table.pdf', content_type: 'application/pdf', size_bytes: 1024, uploaded_at: '2026-11-01T10:00:00Z' },
];
const NDA = { version: 3, body: 'Keep everything confidential.', published_at: '2026-11-21T08:00:00Z' };

const ok = (data: unknown): Answer => ({ data, error: null });

function fakeClient(tables: Record<string, Answer>) {
  const from = (table: string) => {
    const answer = () => Promise.resolve(tables[table] ?? ok([]));
    const builder = {
      select: () => builder,
      order: () => builder,
      limit: () => builder,
      maybeSingle: answer,
      then: (resolve: (a: Answer) => unknown, reject?: (e: unknown) => unknown) => answer().then(resolve, reject),
    };
    return builder;
  };
  const rpc = vi.fn(async (name: string): Promise<Answer> => ok(name === 'create_investor_document' ? 'd9' : 'new-id'));
  const upload = vi.fn(async () => ({ data: { path: 'x' }, error: null }));
  const client = { from, rpc, storage: { from: () => ({ upload, remove: vi.fn() }) } } as unknown as AccordClient;
  return { client, rpc, upload };
}

const FULL = {
  investor_folders: ok(FOLDERS),
  investor_documents: ok(DOCUMENTS),
  investor_document_versions: ok(VERSIONS),
  nda_versions: ok(NDA),
  investor_updates: ok([{ id: 'u1', title: 'Q3 closed', body: 'Revenue up.', published_at: '2026-11-23T00:00:00Z' }]),
};

function renderPage(client: AccordClient) {
  renderAt(
    <>
      <InvestorContentPage client={client} />
      <ToastList />
    </>,
    { at: '/admin/investor-content' },
  );
  // applyAccept off: the input's accept is only a hint to the picker; the form's own check is under test.
  return userEvent.setup({ delay: null, applyAccept: false });
}

describe('/admin/investor-content', () => {
  it('lists folders with each document’s level, current version, size, update date and full history', async () => {
    renderPage(fakeClient(FULL).client);
    const table = await screen.findByRole('table', { name: 'Documents in Financials' });
    const row = within(table).getByRole('row', { name: /Cap table/ });
    expect(row).toHaveTextContent('Data room');
    expect(row).toHaveTextContent('Version 2');
    expect(row).toHaveTextContent('cap-table-q3.pdf');
    expect(row).toHaveTextContent('PDF · 2.0 MB');
    expect(row).toHaveTextContent('22 Nov 2026');
    expect(row).toHaveTextContent('Version history (2 versions)');
    expect(within(row).getByRole('button', { name: 'Download version 1 of Cap table' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Replace with a new version: Cap table' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Who opened it: Cap table' })).toBeInTheDocument();
    expect(await screen.findByText(/Version 3 · published 21 November 2026/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Q3 closed' })).toBeInTheDocument();
  });

  it('says what to do when there is nothing yet, and that the data room is closed without an NDA', async () => {
    renderPage(fakeClient({ nda_versions: ok(null) }).client);
    expect(await screen.findByText('No folders yet')).toBeInTheDocument();
    expect(await screen.findByText('No NDA published')).toBeInTheDocument();
    expect(screen.getByText('The data room is closed to every investor until you publish one.')).toBeInTheDocument();
    expect(await screen.findByText('No updates yet')).toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    renderPage(fakeClient({ ...FULL, investor_folders: { data: null, error: { message: 'boom' } } }).client);
    expect(await screen.findByText('The documents could not be loaded')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });

  it('checks the file before uploading, in words, then creates, uploads and registers it', async () => {
    const { client, rpc, upload } = fakeClient(FULL);
    const user = renderPage(client);
    await screen.findByRole('table', { name: 'Documents in Financials' });
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a document for investors' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Enter a title.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose who may see it.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the file to upload.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Board deck');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Who may see it/ }), 'data_room');
    const fileInput = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(fileInput, new File(['<html>'], 'deck.html', { type: 'text/html' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('deck.html is not a PDF, Word (.docx), Excel (.xlsx) or PNG file. Choose one of those.')).toBeInTheDocument();

    const huge = new File(['%PDF-1.7'], 'deck.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 + 1 });
    await user.upload(fileInput, huge);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('deck.pdf is larger than 50 MB. Choose a smaller file.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    expect(rpc).not.toHaveBeenCalled();

    await user.upload(fileInput, new File(['%PDF-1.7'], 'board deck.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Document uploaded')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('create_investor_document', { p_folder_id: 'f1', p_title: 'Board deck', p_description: '', p_level: 'data_room' });
    expect(upload).toHaveBeenCalledWith(expect.stringMatching(/^d9\/[0-9a-f-]{36}\/board-deck\.pdf$/), expect.any(File), { contentType: 'application/pdf' });
    expect(rpc).toHaveBeenCalledWith('register_investor_document_version', { p_document_id: 'd9', p_storage_path: expect.stringMatching(/^d9\//) });
  });

  it('after a failed upload, Retry sends the file into the document the first attempt recorded; closing instead discards it', async () => {
    const { client, rpc, upload } = fakeClient(FULL);
    upload.mockResolvedValueOnce({ data: null, error: { statusCode: '500', message: 'The connection was reset' } } as never);
    const user = renderPage(client);
    await screen.findByRole('table', { name: 'Documents in Financials' });
    const open = async () => {
      await user.click(screen.getByRole('button', { name: 'Upload document' }));
      const dialog = await screen.findByRole('dialog', { name: 'Upload a document for investors' });
      await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Board deck');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: /Who may see it/ }), 'data_room');
      await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['%PDF-1.7'], 'deck.pdf', { type: 'application/pdf' }));
      await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
      return dialog;
    };
    const dialog = await open();
    expect(await within(dialog).findByText('The document was not uploaded')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('delete_investor_document', expect.anything());

    await user.click(within(dialog).getByRole('button', { name: 'Retry upload' }));
    expect(await screen.findByText('Document uploaded')).toBeInTheDocument();
    expect(rpc.mock.calls.filter(([name]) => name === 'create_investor_document')).toHaveLength(1);
    expect((upload.mock.calls as unknown as Array<[string]>).map(([path]) => path.split('/')[0])).toEqual(['d9', 'd9']);
    expect(rpc).toHaveBeenCalledWith('register_investor_document_version', { p_document_id: 'd9', p_storage_path: expect.stringMatching(/^d9\//) });
    expect(rpc).not.toHaveBeenCalledWith('delete_investor_document', expect.anything());

    // Given up on after a failure: the empty document goes.
    upload.mockResolvedValueOnce({ data: null, error: { statusCode: '500', message: 'The connection was reset' } } as never);
    const again = await open();
    expect(await within(again).findByText('The document was not uploaded')).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(rpc).toHaveBeenCalledWith('delete_investor_document', { p_document_id: 'd9' }));
  });

  it('warns that a new NDA version asks every data-room investor again, and publishes it', async () => {
    const { client, rpc } = fakeClient(FULL);
    const user = renderPage(client);
    await user.click(await screen.findByRole('button', { name: 'Edit the NDA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish NDA version 4' });
    expect(dialog).toHaveTextContent('Publishing version 4 asks every data-room investor to agree again');
    await user.click(within(dialog).getByRole('button', { name: 'Publish version 4' }));
    expect(within(dialog).getByText('The text is the same as version 3. Change it before publishing a new version.')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: /NDA text/ }), ' Also the term sheet.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish version 4' }));
    expect(rpc).toHaveBeenCalledWith('publish_nda_version', { p_body: 'Keep everything confidential. Also the term sheet.' });
  });
});
