import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import { OrganisationExportSection } from './organisation-export-section';

/** An organisation's administrator exports its data from /dashboard/organization-details. */
function fakeClient(answer: { data: unknown; error: unknown }) {
  const invoke = vi.fn(async () => answer);
  return { client: { functions: { invoke } } as unknown as AccordClient, invoke };
}

describe('the organisation export in the member area', () => {
  it('prepares the archive as the organisation and offers it for 15 minutes', async () => {
    const { client, invoke } = fakeClient({
      data: {
        url: 'http://localhost/storage/v1/object/sign/organisation_exports/o1/x.zip?token=t',
        fileName: 'Northwind-export-2026-11-28.zip',
        expiresIn: 900,
        manifest: { tables: [{ table: 'public.organizations', rows: 1 }, { table: 'public.profiles', rows: 3 }], files: [{ entry: 'files/a' }, { entry: 'files/b' }] },
      },
      error: null,
    });
    renderAt(<OrganisationExportSection organizationId="o1" client={client} />, { at: '/dashboard/organization-details' });
    await userEvent.click(screen.getByRole('button', { name: 'Export our data' }));
    expect(await screen.findByRole('link', { name: 'Download Northwind-export-2026-11-28.zip' })).toHaveAttribute('href', expect.stringContaining('/object/sign/'));
    expect(screen.getByText('4 rows and 2 files are ready.')).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('organisation-export', { body: { organizationId: 'o1', as: 'organisation' } });
  });

  it('says why when the export is refused', async () => {
    const refusal = { name: 'FunctionsHttpError', context: { status: 403, json: async () => ({ error: 'aal2_required', message: 'Enter the code from your authenticator app to export an organisation’s data.' }) } };
    const { client } = fakeClient({ data: null, error: refusal });
    renderAt(<OrganisationExportSection organizationId="o1" client={client} />, { at: '/dashboard/organization-details' });
    await userEvent.click(screen.getByRole('button', { name: 'Export our data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the code from your authenticator app');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
