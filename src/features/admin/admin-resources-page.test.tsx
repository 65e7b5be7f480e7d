import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import AdminResourcesPage from './admin-resources-page';

/**
 * /admin/resources against a fake client: the list with its history, the
 * form's checks before anything is uploaded, adding a resource (upload, then
 * the RPC) and publishing behind a confirmation. Who may do it is the
 * database's decision (tests/db/member-resources.test.ts).
 */
type Answer = { data: unknown; error: { message: string } | null };

const RESOURCE = {
  id: 'r1', title: 'Passport checklist', description: '', category: 'Checklists', audience: 'sectors', sectors: ['healthcare', 'legal'],
  published: false, published_at: null, content_updated_at: '2026-11-22T00:00:00Z', current_version_id: 'v2',
};
const VERSIONS = [
  { id: 'v2', resource_id: 'r1', version_label: '2.0', object_path: 'b/passport-v2.pdf', file_name: 'passport-v2.pdf', mime_type: 'application/pdf', byte_size: 2048, uploaded_at: '2026-11-22T00:00:00Z', uploaded_by: null },
  { id: 'v1', resource_id: 'r1', version_label: '1.0', object_path: 'a/passport.pdf', file_name: 'passport.pdf', mime_type: 'application/pdf', byte_size: 1024, uploaded_at: '2026-11-01T00:00:00Z', uploaded_by: null },
];

function fakeClient(tables: Record<string, Answer>) {
  const from = (table: string) => {
    const builder = {
      select: () => builder,
      order: () => builder,
      then: (resolve: (a: Answer) => unknown) => Promise.resolve(tables[table]).then(resolve),
    };
    return builder;
  };
  const rpc = vi.fn(async (): Promise<Answer> => ({ data: 'new-id', error: null }));
  const upload = vi.fn(async () => ({ data: { path: 'x' }, error: null }));
  const client = { from, rpc, storage: { from: () => ({ upload }) } } as unknown as AccordClient;
  return { client, rpc, upload };
}

function renderPage(client: AccordClient) {
  renderAt(
    <>
      <AdminResourcesPage client={client} />
      <ToastList />
    </>,
    { at: '/admin/resources' },
  );
  // applyAccept off: the file input's accept is only a hint to the picker; the form's own check is under test.
  return userEvent.setup({ delay: null, applyAccept: false });
}

describe('/admin/resources', () => {
  it('lists each resource with its audience, current file and history', async () => {
    renderPage(fakeClient({ resources: { data: [RESOURCE], error: null }, resource_versions: { data: VERSIONS, error: null } }).client);
    const table = await screen.findByRole('table', { name: 'Resources for members' });
    const row = within(table).getByRole('row', { name: /Passport checklist/ });
    expect(row).toHaveTextContent('Healthcare, Legal');
    expect(row).toHaveTextContent('Version 2.0 · 22 November 2026');
    expect(row).toHaveTextContent('passport-v2.pdf · PDF · 2 KB');
    expect(row).toHaveTextContent('Not published');
    expect(row).toHaveTextContent('History (2 versions)');
    expect(within(row).getByRole('button', { name: 'Download version 1.0 of Passport checklist' })).toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    renderPage(fakeClient({ resources: { data: [], error: null }, resource_versions: { data: [], error: null } }).client);
    expect(await screen.findByText('No resources yet')).toBeInTheDocument();
  });

  it('checks the form before uploading, then uploads and records the resource', async () => {
    const { client, rpc, upload } = fakeClient({ resources: { data: [], error: null }, resource_versions: { data: [], error: null } });
    const user = renderPage(client);
    await screen.findByText('No resources yet');
    await user.click(screen.getByRole('button', { name: 'Add resource' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a resource' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Who may see it/ }), 'sectors');
    await user.click(within(dialog).getByRole('button', { name: 'Upload resource' }));
    expect(within(dialog).getByText('Enter a title.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a category, e.g. Checklists or Templates.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one sector.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the file to publish.')).toBeInTheDocument();
    const fileInput = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(fileInput, new File(['GIF89a'], 'photo.gif', { type: 'image/gif' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload resource' }));
    expect(within(dialog).getByText('photo.gif is not a PDF, Word (.docx), Excel (.xlsx) or PNG file. Choose one of those.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    expect(rpc).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Consent template');
    await user.type(within(dialog).getByRole('textbox', { name: /Category/ }), 'Templates');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Healthcare' }));
    await user.upload(fileInput, new File(['%PDF-1.7'], 'consent form.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload resource' }));
    expect(await screen.findByText('Resource added')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith(expect.stringMatching(/^[0-9a-f-]{36}\/consent-form\.pdf$/), expect.any(File), { contentType: 'application/pdf' });
    expect(rpc).toHaveBeenCalledWith('create_resource', expect.objectContaining({
      p_title: 'Consent template', p_category: 'Templates', p_audience: 'sectors', p_sectors: ['healthcare'], p_version_label: '1.0',
    }));
  });

  it('publishes after a confirmation that says who will see it', async () => {
    const { client, rpc } = fakeClient({ resources: { data: [RESOURCE], error: null }, resource_versions: { data: VERSIONS, error: null } });
    const user = renderPage(client);
    await user.click(await screen.findByRole('button', { name: 'Publish Passport checklist' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Publish this resource?' });
    expect(confirm).toHaveTextContent('member organisations in Healthcare, Legal');
    await user.click(within(confirm).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Resource published')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('set_resource_published', { p_resource_id: 'r1', p_published: true });
  });

  it('replaces the file with a new version, refusing a version label already used', async () => {
    const { client, rpc, upload } = fakeClient({ resources: { data: [RESOURCE], error: null }, resource_versions: { data: VERSIONS, error: null } });
    const user = renderPage(client);
    await user.click(await screen.findByRole('button', { name: 'Replace file of Passport checklist' }));
    const dialog = await screen.findByRole('dialog', { name: 'New version of “Passport checklist”' });
    expect(dialog).toHaveTextContent('instead of version 2.0; earlier versions stay in the history');
    await user.type(within(dialog).getByRole('textbox', { name: /Version/ }), '2.0');
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['%PDF-1.7'], 'passport-v3.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload version' }));
    expect(within(dialog).getByText('Version 2.0 already exists. Give the new file its own version.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByRole('textbox', { name: /Version/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Version/ }), '3.0');
    await user.click(within(dialog).getByRole('button', { name: 'Upload version' }));
    expect(await screen.findByText('New version uploaded')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('add_resource_version', expect.objectContaining({ p_resource_id: 'r1', p_version_label: '3.0' }));
  });
});
