import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { TestProviders } from '../../testing/render';
import { MembershipCredentialSection } from './membership-credential-section';

/** An organisation's administrator downloads its membership credential from /dashboard/organization-details (decision 081). */
function fakeClient(answer: { data: unknown; error: unknown }) {
  const invoke = vi.fn(async () => answer);
  return { client: { functions: { invoke } } as unknown as AccordClient, invoke };
}

function renderSection(client: AccordClient) {
  render(
    <TestProviders>
      <MembershipCredentialSection organizationId="org-1" client={client} />
      <ToastList />
    </TestProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the membership credential in the member area', () => {
  it('issues the credential for the organisation and saves it as a file, saying until when it is valid', async () => {
    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:credential'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: { name: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const credential = 'eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJkaWQ6d2ViOmFjY29yZCJ9.c2ln~WyJzYWx0IiwibmFtZSIsIkdyYWNodGVuc2Nob29sIl0~';
    const { client, invoke } = fakeClient({
      data: { credential, fileName: 'accord-membership-grachtenschool.sd-jwt', expiresAt: '2027-02-26T10:00:00Z' },
      error: null,
    });
    renderSection(client);

    await userEvent.click(screen.getByRole('button', { name: 'Download membership credential' }));
    expect(await screen.findByText('Membership credential downloaded')).toBeInTheDocument();
    expect(screen.getByText('Valid until 26 February 2027.')).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('issue-membership-credential', { body: { organizationId: 'org-1' } });
    expect(saved).toEqual([{ name: 'accord-membership-grachtenschool.sd-jwt', href: 'blob:credential' }]);
    const file = createObjectURL.mock.calls[0]![0];
    expect(file.type).toBe('application/dc+sd-jwt');
    await expect(file.text()).resolves.toBe(credential);
    click.mockRestore();
  });

  it('says the function’s reason when the organisation may not have one, and saves nothing', async () => {
    const createObjectURL = vi.fn(() => 'blob:credential');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const refusal = {
      name: 'FunctionsHttpError',
      context: { status: 409, json: async () => ({ error: 'not_active_member', message: 'Only an active member of the network can download a membership credential.' }) },
    };
    renderSection(fakeClient({ data: null, error: refusal }).client);

    await userEvent.click(screen.getByRole('button', { name: 'Download membership credential' }));
    expect(await screen.findByText('The credential could not be downloaded')).toBeInTheDocument();
    expect(screen.getByText('Only an active member of the network can download a membership credential.')).toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download membership credential' })).toBeEnabled();
  });
});
