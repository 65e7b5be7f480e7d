import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import SchemasPage from './schemas-page';

/**
 * /admin/schemas against a fake client: its states, and the form's checks
 * before anything is sent (a JSON typo, a schema the meta-schema refuses) and
 * the database's refusal shown in the dialog.
 */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const PASSPORT = {
  id: 's-1',
  name: 'Passport',
  version: '1.0',
  description: 'A passport whose chip was read.',
  assurance_level: 'high',
  attributes: { type: 'object', properties: { family_name: { type: 'string' }, face_match: { type: 'boolean' } }, required: ['family_name'] },
  status: 'active',
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  activated_at: '2026-01-02T10:00:00Z',
  deprecated_at: null,
};

function fakeClient(list: () => Promise<Answer>, save: () => Promise<Answer> = async () => ({ data: PASSPORT, error: null })) {
  const rpc = vi.fn(() => ({ single: save }));
  const from = vi.fn(() => ({ select: () => ({ order: () => ({ order: list }) }) }));
  return { client: { from, rpc } as unknown as AccordClient, rpc };
}

function renderPage(client: AccordClient) {
  renderAt(
    <>
      <SchemasPage client={client} />
      <ToastList />
    </>,
    { at: '/admin/schemas' },
  );
  return userEvent.setup({ delay: null });
}

describe('/admin/schemas', () => {
  it('says when the list could not be loaded, and tries again', async () => {
    let calls = 0;
    const { client } = fakeClient(async () => (++calls === 1 ? { data: null, error: { message: 'Server unavailable.' } } : { data: [PASSPORT], error: null }));
    const user = renderPage(client);
    await screen.findByText('The verification schemas could not be loaded');
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    const card = await screen.findByRole('listitem', { name: 'Passport 1.0' });
    expect(card).toHaveTextContent('Active');
    expect(card).toHaveTextContent('Assurance: High');
    expect(card).toHaveTextContent('family_name, face_match (optional)');
    expect(within(card).getByRole('button', { name: 'Deprecate Passport 1.0' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('shows the empty state with the next step', async () => {
    renderPage(fakeClient(async () => ({ data: [], error: null })).client);
    await screen.findByText('No verification schemas yet');
  });

  it('checks the attributes before sending, and shows the database’s refusal in the dialog', async () => {
    const { client, rpc } = fakeClient(
      async () => ({ data: [PASSPORT], error: null }),
      async () => ({ data: null, error: { message: 'schema_version_exists', code: '23505' } }),
    );
    const user = renderPage(client);
    await screen.findByRole('listitem', { name: 'Passport 1.0' });
    await user.click(screen.getByRole('button', { name: 'Add schema' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a verification schema' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Passport');
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Again.');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Level of assurance/ }), 'High');
    const attributes = within(dialog).getByRole('textbox', { name: /^Attributes/ });

    await user.clear(attributes);
    await user.click(attributes);
    await user.paste('{"type": "object",');
    await user.click(within(dialog).getByRole('button', { name: 'Add draft' }));
    await within(dialog).findByText(/This is not valid JSON/);

    await user.clear(attributes);
    await user.click(attributes);
    await user.paste('{"type":"object","properties":{"a":{"type":"text"}}}');
    await user.click(within(dialog).getByRole('button', { name: 'Add draft' }));
    await within(dialog).findByText(/This is not a valid JSON Schema/);
    expect(rpc).not.toHaveBeenCalled();

    await user.clear(attributes);
    await user.click(attributes);
    await user.paste('{"type":"object","properties":{"a":{"type":"string"}}}');
    await user.click(within(dialog).getByRole('button', { name: 'Add draft' }));
    await within(dialog).findByText('A schema with this name already has this version. Choose another version.');
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(1));
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Passport');
  });
});
