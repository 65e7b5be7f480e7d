import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import { PersonalDataSection } from './personal-data-section';

/** A person downloads their own personal data from account settings (decision 076). */
function fakeClient(answer: { data: unknown; error: unknown }) {
  const rpc = vi.fn(async () => answer);
  return { client: { rpc } as unknown as AccordClient, rpc };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a person’s own data in account settings', () => {
  it('asks the database for the signed-in person’s data and saves it as a JSON file', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:personal-data');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { client, rpc } = fakeClient({
      data: {
        person: 'u1',
        exported_at: '2026-11-28T08:00:00Z',
        tables: { 'public.profiles': [{ id: 'u1', full_name: 'Ada Lindqvist' }], 'public.conversation_messages': [{ body: 'Hello' }, { body: 'Thanks' }], 'auth.sessions': [] },
      },
      error: null,
    });
    renderAt(<PersonalDataSection client={client} />, { at: '/dashboard/settings' });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved accord-personal-data-2026-11-28.json: 3 records.');
    expect(rpc).toHaveBeenCalledWith('export_my_personal_data');
    expect(saved).toEqual(['accord-personal-data-2026-11-28.json']);
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toMatchObject({ person: 'u1', tables: { 'public.profiles': [{ full_name: 'Ada Lindqvist' }] } });
  });

  it('says why when the export is refused, and saves nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { client } = fakeClient({ data: null, error: { code: '42501', message: 'aal2_required', details: 'Enter the code from your authenticator app to export your personal data.' } });
    renderAt(<PersonalDataSection client={client} />, { at: '/dashboard/settings' });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This needs the code from your authenticator app.');
    expect(click).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
