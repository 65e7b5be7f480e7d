import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { EMAIL_INVALID_MESSAGE } from '../../../machines/email';
import { MESSAGES } from '../../../machines/onboarding-form';
import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { SessionProvider } from '../../session/session-context';
import { TestProviders } from '../../testing/render';
import { sessionLogicFor } from '../../testing/session';
import { factsFor } from '../../testing/session-facts';
import OrganizationDetailsPage from './organization-details-page';

/**
 * /dashboard/organization-details against a fake client: what an admin and a
 * plain member see, onboarding's sentences at each field, the pending change
 * request, and the server's refusals said at their field with what was typed kept.
 */
type Answer = { data: unknown; error: { message: string; code?: string; details?: string } | null };

const ORG = {
  id: 'org-1',
  name: 'Grachtenschool',
  legal_name: 'Stichting Grachtenschool',
  registration_number: '12345678',
  country: 'NL',
  website: 'https://grachtenschool.example.nl',
  registry_domain: 'grachtenschool.example.nl',
  description: 'A school on the canals.',
  sector: 'education',
  size: '50-249',
  contact_email: 'office@grachtenschool.example.nl',
  logo_path: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  created_by: null,
};
const PENDING = {
  id: 'req-1',
  organization_id: 'org-1',
  requested_by: 'me',
  previous_values: { website: 'https://grachtenschool.example.nl' },
  proposed_values: { website: 'https://grachtenschool.example.org' },
  reason: 'We moved to a new domain.',
  status: 'pending',
  created_at: '2026-11-20T10:00:00Z',
};

interface Backend {
  role?: 'admin' | 'member';
  pending?: unknown;
  update?: () => Promise<Answer>;
  rpc?: Partial<Record<string, () => Promise<Answer>>>;
}

function fakeClient({ role = 'admin', pending = null, update, rpc = {} }: Backend = {}) {
  const tables: Record<string, unknown> = {
    organization_members: { organization_id: 'org-1', role },
    organizations: ORG,
    organization_change_requests: pending,
  };
  // A saved profile is stored as the database stores it: a new updated_at, which the next read returns.
  const updateMock = vi.fn(
    update ??
      (async () => {
        tables.organizations = { ...(tables.organizations as object), ...(lastUpdate.values as object), updated_at: '2026-11-28T09:00:00Z' };
        return { data: [{ id: 'org-1' }], error: null };
      }),
  );
  const from = vi.fn((table: string) => {
    let updating = false;
    const answer = async () => (updating ? updateMock() : { data: tables[table] ?? null, error: null });
    const query = {
      select: () => query,
      eq: () => query,
      update: (values: unknown) => {
        updating = true;
        lastUpdate.values = values;
        return query;
      },
      single: answer,
      maybeSingle: answer,
      then: (resolve: (value: Answer) => unknown, reject: (reason: unknown) => unknown) => answer().then(resolve, reject),
    };
    return query;
  });
  const lastUpdate: { values: unknown } = { values: null };
  const rpcMock = vi.fn((name: string) => (rpc[name] ?? (async () => ({ data: null, error: null })))());
  return { client: { from, rpc: rpcMock } as unknown as AccordClient, rpc: rpcMock, update: updateMock, lastUpdate };
}

function renderPage(client: AccordClient) {
  const router = createMemoryRouter([{ path: '/dashboard/organization-details', element: <OrganizationDetailsPage client={client} /> }], {
    initialEntries: ['/dashboard/organization-details'],
  });
  render(
    <TestProviders>
      <SessionProvider logic={sessionLogicFor(factsFor('orgAdmin'))} navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
        <ToastList />
      </SessionProvider>
    </TestProviders>,
  );
  return userEvent.setup({ delay: null });
}

const profileForm = () => screen.findByRole('form', { name: 'Profile' });
const factsForm = () => screen.findByRole('form', { name: 'Ask to change the registered details' });

describe('/dashboard/organization-details as a plain member', () => {
  it('shows the details read-only, with no form and no way to withdraw', async () => {
    renderPage(fakeClient({ role: 'member', pending: PENDING }).client);
    expect(await screen.findByText('Stichting Grachtenschool')).toBeInTheDocument();
    expect(screen.getByText('A school on the canals.')).toBeInTheDocument();
    expect(screen.getByText('office@grachtenschool.example.nl')).toBeInTheDocument();
    expect(screen.getByText('Netherlands')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('region', { name: 'Change waiting for a decision' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw the request' })).toBeNull();
  });
});

describe('/dashboard/organization-details as an organisation admin', () => {
  it('names each problem at its field with onboarding’s words and saves nothing', async () => {
    const backend = fakeClient();
    const user = renderPage(backend.client);
    const form = await profileForm();
    const email = within(form).getByRole('textbox', { name: /Public contact e-mail/ });
    await user.clear(email);
    await user.type(email, 'office-at-school');
    const description = within(form).getByRole('textbox', { name: /Description/ });
    await user.clear(description);
    await user.click(description);
    await user.paste('x'.repeat(1001));
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await within(form).findByText(EMAIL_INVALID_MESSAGE)).toBeInTheDocument();
    expect(within(form).getByText('The description must be 1,000 characters or fewer.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(backend.update).not.toHaveBeenCalled();

    const facts = await factsForm();
    const website = within(facts).getByRole('textbox', { name: /Website/ });
    await user.clear(website);
    await user.type(website, 'grachtenschool');
    await user.clear(within(facts).getByRole('textbox', { name: /^Legal name/ }));
    await user.click(within(facts).getByRole('button', { name: 'Ask for this change' }));
    expect(await within(facts).findByText(MESSAGES.websiteInvalid)).toBeInTheDocument();
    expect(within(facts).getByText(MESSAGES.legalNameRequired)).toBeInTheDocument();
    expect(within(facts).getByText(/Say why the details should change/)).toBeInTheDocument();
    expect(backend.rpc).not.toHaveBeenCalled();
  });

  it('says the server’s public-suffix refusal at the website field and keeps what was typed', async () => {
    const backend = fakeClient({
      rpc: {
        request_organization_change: async () => ({
          data: null,
          error: { message: 'invalid_change_request', code: '22023', details: '{"website": "public_suffix"}' },
        }),
      },
    });
    const user = renderPage(backend.client);
    const facts = await factsForm();
    const website = within(facts).getByRole('textbox', { name: /Website/ });
    await user.clear(website);
    await user.type(website, 'https://co.uk');
    await user.type(within(facts).getByRole('textbox', { name: /Why should these details change/ }), 'New domain.');
    await user.click(within(facts).getByRole('button', { name: 'Ask for this change' }));
    expect(await within(facts).findByText(MESSAGES.websitePublicSuffix)).toBeInTheDocument();
    expect(backend.rpc).toHaveBeenCalledWith('request_organization_change', {
      p_organization_id: 'org-1',
      p_changes: { website: 'https://co.uk' },
      p_reason: 'New domain.',
    });
    expect(website).toHaveValue('https://co.uk');
    expect(within(facts).getByRole('textbox', { name: /Why should these details change/ })).toHaveValue('New domain.');
  });

  it('says the server’s e-mail refusal at its field and keeps the typed profile', async () => {
    const backend = fakeClient({
      update: async () => ({ data: null, error: { message: 'invalid_organization_profile', code: '22023', details: '{"contact_email": "invalid"}' } }),
    });
    const user = renderPage(backend.client);
    const form = await profileForm();
    const email = within(form).getByRole('textbox', { name: /Public contact e-mail/ });
    await user.clear(email);
    await user.type(email, 'hello@school.example');
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await within(form).findByText(EMAIL_INVALID_MESSAGE)).toBeInTheDocument();
    expect(email).toHaveValue('hello@school.example');
    expect(backend.lastUpdate.values).toEqual({
      description: 'A school on the canals.',
      sector: 'education',
      size: '50-249',
      contact_email: 'hello@school.example',
    });
  });

  it('keeps a change typed in one form while the other form is saved', async () => {
    const backend = fakeClient();
    const user = renderPage(backend.client);
    const facts = await factsForm();
    const website = within(facts).getByRole('textbox', { name: /Website/ });
    await user.clear(website);
    await user.type(website, 'https://grachtenschool.example.org');
    const reason = within(facts).getByRole('textbox', { name: /Why should these details change/ });
    await user.type(reason, 'We moved to a new domain.');

    const profile = await profileForm();
    const description = within(profile).getByRole('textbox', { name: /Description/ });
    await user.clear(description);
    await user.type(description, 'A school on the canals of Amsterdam.');
    await user.click(within(profile).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Details saved')).toBeInTheDocument();
    // The page read the organisation again (its updated_at moved) and shows the saved profile.
    await waitFor(() => expect(backend.update).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('form', { name: 'Profile' })).toBeInTheDocument());

    const factsAfter = await factsForm();
    expect(within(factsAfter).getByRole('textbox', { name: /Website/ })).toHaveValue('https://grachtenschool.example.org');
    expect(within(factsAfter).getByRole('textbox', { name: /Why should these details change/ })).toHaveValue('We moved to a new domain.');
    expect(within(await profileForm()).getByRole('textbox', { name: /Description/ })).toHaveValue('A school on the canals of Amsterdam.');
  });

  it('keeps a profile typed but not saved while a change to the registered details is asked for', async () => {
    const backend = fakeClient();
    const user = renderPage(backend.client);
    const profile = await profileForm();
    const email = within(profile).getByRole('textbox', { name: /Public contact e-mail/ });
    await user.clear(email);
    await user.type(email, 'hello@grachtenschool.example.nl');

    const facts = await factsForm();
    const website = within(facts).getByRole('textbox', { name: /Website/ });
    await user.clear(website);
    await user.type(website, 'https://grachtenschool.example.org');
    await user.type(within(facts).getByRole('textbox', { name: /Why should these details change/ }), 'New domain.');
    await user.click(within(facts).getByRole('button', { name: 'Ask for this change' }));
    expect(await screen.findByText('Change requested')).toBeInTheDocument();
    expect(within(await profileForm()).getByRole('textbox', { name: /Public contact e-mail/ })).toHaveValue('hello@grachtenschool.example.nl');
  });

  it('shows the pending request in place of the form and withdraws it', async () => {
    const backend = fakeClient({ pending: PENDING });
    const user = renderPage(backend.client);
    const region = await screen.findByRole('region', { name: 'Change waiting for a decision' });
    expect(region).toHaveTextContent('https://grachtenschool.example.org');
    expect(region).toHaveTextContent('We moved to a new domain.');
    expect(screen.queryByRole('form', { name: 'Ask to change the registered details' })).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Withdraw the request' }));
    await waitFor(() => expect(backend.rpc).toHaveBeenCalledWith('withdraw_organization_change', { p_request_id: 'req-1' }));
    expect(await screen.findByText('Change request withdrawn')).toBeInTheDocument();
  });
});
