import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { EMAIL_INVALID_MESSAGE } from '../../../machines/email';
import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { SessionProvider } from '../../session/session-context';
import { TestProviders } from '../../testing/render';
import { sessionLogicFor } from '../../testing/session';
import { factsFor, type PersonKind } from '../../testing/session-facts';
import { SAME_EMAIL_MESSAGE } from './email-section';
import { LAST_IDENTITY_REASON } from './identities-section';
import SettingsPage from './settings-page';

/**
 * The account settings page against a fake client (the calls its data files
 * make: profiles, my_sessions, and the auth service's user, identities, link,
 * unlink and sign-out), section by section: what a person sees, what is sent,
 * and what a refusal says.
 */
type PgError = { message: string; code?: string; details?: string };
type AuthErr = { message: string; code?: string; status?: number };

const ME = '5eed0000-0000-4000-8000-000000000002';
const SESSIONS = [
  {
    id: 's-1',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
    ip: '192.0.2.10',
    created_at: '2026-11-24T09:00:00Z',
    last_active_at: '2026-11-24T10:00:00Z',
    is_current: true,
  },
  {
    id: 's-2',
    user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    ip: '198.51.100.7',
    created_at: '2026-11-20T08:00:00Z',
    last_active_at: '2026-11-23T21:15:00Z',
    is_current: false,
  },
];
const EMAIL_IDENTITY = {
  id: ME,
  identity_id: 'i-email',
  user_id: ME,
  provider: 'email',
  identity_data: { email: 'ada@school.example' },
  created_at: '2026-11-01T10:00:00Z',
};
const KEYCLOAK_IDENTITY = {
  id: 'kc-sub-1',
  identity_id: 'i-kc',
  user_id: ME,
  provider: 'keycloak',
  identity_data: { email: 'ada@idp.example' },
  created_at: '2026-11-10T10:00:00Z',
};

interface Backend {
  profile?: { full_name: string | null; job_title: string | null };
  update?: (values: Record<string, unknown>) => { data: unknown; error: PgError | null };
  sessions?: typeof SESSIONS;
  pendingEmail?: string | null;
  updateUser?: () => { error: AuthErr | null };
  identities?: unknown[];
  unlink?: () => { error: AuthErr | null };
}

function fakeBackend(options: Backend = {}) {
  const state = {
    profile: options.profile ?? { full_name: 'Ada Lovelace', job_title: null },
    sessions: options.sessions ?? SESSIONS,
    pendingEmail: options.pendingEmail ?? null,
    identities: options.identities ?? [EMAIL_IDENTITY],
  };
  const updates: Record<string, unknown>[] = [];
  const from = vi.fn(() => {
    let values: Record<string, unknown> | null = null;
    const answer = async () => {
      if (!values) return { data: state.profile, error: null };
      updates.push(values);
      const result = options.update?.(values);
      if (result) return result;
      state.profile = { full_name: values['full_name'] as string | null, job_title: values['job_title'] as string | null };
      return { data: [state.profile], error: null };
    };
    const query = {
      select: () => query,
      eq: () => query,
      update: (next: Record<string, unknown>) => {
        values = next;
        return query;
      },
      single: answer,
      then: (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) => answer().then(resolve, reject),
    };
    return query;
  });
  const rpc = vi.fn(async () => ({ data: state.sessions, error: null }));
  const auth = {
    getUser: vi.fn(async () => ({
      data: { user: { id: ME, email: 'ada@school.example', new_email: state.pendingEmail ?? undefined } },
      error: null,
    })),
    updateUser: vi.fn(async ({ email }: { email: string }) => {
      const refused = options.updateUser?.();
      if (refused?.error) return { data: { user: null }, error: refused.error };
      state.pendingEmail = email;
      return { data: { user: {} }, error: null };
    }),
    signOut: vi.fn(async () => {
      state.sessions = state.sessions.filter((session) => session.is_current);
      return { error: null };
    }),
    getUserIdentities: vi.fn(async () => ({ data: { identities: state.identities }, error: null })),
    linkIdentity: vi.fn(async () => ({ data: { provider: 'keycloak', url: 'http://idp.test/authorize' }, error: null })),
    unlinkIdentity: vi.fn(async (identity: { identity_id: string }) => {
      const refused = options.unlink?.();
      if (refused?.error) return { data: null, error: refused.error };
      state.identities = state.identities.filter((row) => (row as { identity_id: string }).identity_id !== identity.identity_id);
      return { data: {}, error: null };
    }),
  };
  return { client: { from, rpc, auth } as unknown as AccordClient, from, rpc, auth, updates };
}

function renderPage(client: AccordClient, at = '/dashboard/settings', person: PersonKind = 'approvedMember') {
  const router = createMemoryRouter([{ path: at, element: <SettingsPage client={client} /> }], { initialEntries: [at] });
  render(
    <TestProviders>
      <SessionProvider logic={sessionLogicFor(factsFor(person))} navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
        <ToastList />
      </SessionProvider>
    </TestProviders>,
  );
  return userEvent.setup({ delay: null });
}

const region = (name: string) => screen.getByRole('region', { name });

describe('the account settings page', () => {
  it('has one heading and a named region per section, the two-factor one at #two-factor', async () => {
    renderPage(fakeBackend().client);
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    for (const name of ['Profile', 'E-mail address', 'Two-factor authentication', 'Active sessions', 'Linked identities']) {
      expect(within(region(name)).getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    // #two-factor (the administrators' prompt links there) is the section's heading.
    expect(document.getElementById('two-factor')).toBe(within(region('Two-factor authentication')).getByRole('heading', { level: 2 }));
    await screen.findByRole('form', { name: 'Profile' });
  });

  it('has a Notifications section at #notifications for a member, and none for other roles, who receive none (decision 049)', async () => {
    renderPage(fakeBackend().client);
    const section = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Notifications' })).toBeInTheDocument();
    expect(document.getElementById('notifications')).toBe(section);
    cleanup();
    renderPage(fakeBackend().client, '/admin/settings', 'systemAdmin');
    await screen.findByRole('region', { name: 'Linked identities' });
    await screen.findByRole('form', { name: 'Profile' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('leads investors and stakeholders back to their own pages, which have no side navigation', async () => {
    renderPage(fakeBackend().client, '/investor/settings', 'investorDataRoom');
    const investor = await screen.findByRole('navigation', { name: 'Investor area' });
    await within(investor).findByRole('link', { name: 'Data room' });
    expect(within(investor).getByRole('link', { name: 'Account settings' })).toHaveAttribute('aria-current', 'page');
    cleanup();
    renderPage(fakeBackend().client, '/stakeholder/settings', 'stakeholder');
    const stakeholder = await screen.findByRole('navigation', { name: 'Stakeholder area' });
    expect(within(stakeholder).getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/stakeholder/analytics');
    cleanup();
    renderPage(fakeBackend().client);
    await screen.findByRole('form', { name: 'Profile' });
    expect(screen.queryByRole('navigation', { name: /Investor area|Stakeholder area/ })).not.toBeInTheDocument();
  });
});

describe('Profile', () => {
  it('saves the name and job title, trimmed, and says so', async () => {
    const backend = fakeBackend();
    const user = renderPage(backend.client);
    const form = await screen.findByRole('form', { name: 'Profile' });
    const name = within(form).getByRole('textbox', { name: /Full name/ });
    expect(name).toHaveValue('Ada Lovelace');
    await user.type(within(form).getByRole('textbox', { name: /Job title/ }), '  Head of admissions ');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(backend.updates).toEqual([{ full_name: 'Ada Lovelace', job_title: 'Head of admissions' }]);
  });

  it('names a problem at its field before sending, and keeps what was typed', async () => {
    const backend = fakeBackend();
    const user = renderPage(backend.client);
    const form = await screen.findByRole('form', { name: 'Profile' });
    const title = within(form).getByRole('textbox', { name: /Job title/ });
    await user.click(title);
    await user.paste('t'.repeat(201));
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(title).toHaveAccessibleDescription(expect.stringContaining('Your job title must be 200 characters or fewer.'));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveValue('t'.repeat(201));
    expect(backend.updates).toEqual([]);
  });

  it('says the database’s refusal at the field it names, with what was typed kept', async () => {
    const backend = fakeBackend({
      update: () => ({ data: null, error: { message: 'invalid_profile', code: '22023', details: '{"full_name": "invalid"}' } }),
    });
    const user = renderPage(backend.client);
    const form = await screen.findByRole('form', { name: 'Profile' });
    const name = within(form).getByRole('textbox', { name: /Full name/ });
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Your name must be on one line'));
    expect(name).toHaveValue('Ada King');
    expect(await screen.findByText('Your profile was not saved')).toBeInTheDocument();
  });
});

describe('E-mail address', () => {
  it('asks the auth service for the change, with links back to this page, and shows it waiting', async () => {
    const backend = fakeBackend();
    const user = renderPage(backend.client, '/admin/settings');
    const form = await screen.findByRole('form', { name: 'Change e-mail address' });
    await user.type(within(form).getByRole('textbox', { name: /New e-mail address/ }), ' ada@newschool.example ');
    await user.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    expect(await screen.findByText('Check both inboxes')).toBeInTheDocument();
    expect(backend.auth.updateUser).toHaveBeenCalledWith(
      { email: 'ada@newschool.example' },
      { emailRedirectTo: `${window.location.origin}/admin/settings` },
    );
    const waiting = await screen.findByRole('status', { name: 'Change waiting for confirmation' });
    expect(waiting).toHaveTextContent('Waiting for confirmation: ada@newschool.example');
    expect(waiting).toHaveTextContent('Follow the link we sent to ada@school.example and the one we sent to ada@newschool.example');
  });

  it('and the profile typed but not saved stays, as does an address typed while the profile is saved', async () => {
    const backend = fakeBackend();
    const user = renderPage(backend.client);
    const profile = await screen.findByRole('form', { name: 'Profile' });
    const name = within(profile).getByRole('textbox', { name: /Full name/ });
    await user.clear(name);
    await user.type(name, 'Ada King');
    const email = await screen.findByRole('form', { name: 'Change e-mail address' });
    await user.type(within(email).getByRole('textbox', { name: /New e-mail address/ }), 'ada@newschool.example');
    await user.click(within(email).getByRole('button', { name: 'Change e-mail address' }));
    expect(await screen.findByText('Check both inboxes')).toBeInTheDocument();
    expect(within(await screen.findByRole('form', { name: 'Profile' })).getByRole('textbox', { name: /Full name/ })).toHaveValue('Ada King');

    cleanup();
    const second = fakeBackend();
    const again = renderPage(second.client);
    const emailForm = await screen.findByRole('form', { name: 'Change e-mail address' });
    await again.type(within(emailForm).getByRole('textbox', { name: /New e-mail address/ }), 'ada@newschool.example');
    const profileForm = await screen.findByRole('form', { name: 'Profile' });
    await again.type(within(profileForm).getByRole('textbox', { name: /Job title/ }), 'Head of admissions');
    await again.click(within(profileForm).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(within(await screen.findByRole('form', { name: 'Change e-mail address' })).getByRole('textbox', { name: /New e-mail address/ })).toHaveValue(
      'ada@newschool.example',
    );
  });

  it('uses the one e-mail rule, refuses the current address, and sends nothing', async () => {
    const backend = fakeBackend();
    const user = renderPage(backend.client);
    const form = await screen.findByRole('form', { name: 'Change e-mail address' });
    const field = within(form).getByRole('textbox', { name: /New e-mail address/ });
    await user.type(field, 'ada@school');
    await user.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(EMAIL_INVALID_MESSAGE));
    await user.clear(field);
    await user.type(field, 'ADA@school.example');
    await user.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(SAME_EMAIL_MESSAGE));
    expect(backend.auth.updateUser).not.toHaveBeenCalled();
  });

  it('says why the auth service refused, keeping the address typed', async () => {
    const backend = fakeBackend({ updateUser: () => ({ error: { message: 'A user with this email address has already been registered', code: 'email_exists', status: 422 } }) });
    const user = renderPage(backend.client);
    const form = await screen.findByRole('form', { name: 'Change e-mail address' });
    const field = within(form).getByRole('textbox', { name: /New e-mail address/ });
    await user.type(field, 'taken@school.example');
    await user.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    expect(await screen.findByText('Another account already uses that address.')).toBeInTheDocument();
    expect(field).toHaveValue('taken@school.example');
  });
});

describe('returning from a confirmation link', () => {
  it.each([
    ['?message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email#message=x', 'One address confirmed'],
    ['?code=abc', 'Your e-mail address has been changed'],
    ['?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired', 'That confirmation link did not work'],
  ])('%s says what happened, and the address bar is cleaned', async (query, title) => {
    const backend = fakeBackend();
    const router = createMemoryRouter([{ path: '/dashboard/settings', element: <SettingsPage client={backend.client} /> }], {
      initialEntries: [`/dashboard/settings${query}`],
    });
    render(
      <TestProviders>
        <SessionProvider logic={sessionLogicFor(factsFor('approvedMember'))} navigate={(to) => void router.navigate(to)}>
          <RouterProvider router={router} />
        </SessionProvider>
      </TestProviders>,
    );
    expect(await screen.findByText(title)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.hash).toBe('');
  });
});

describe('Active sessions', () => {
  it('lists this session and the others with device, IP address and times', async () => {
    renderPage(fakeBackend().client);
    const table = await within(region('Active sessions')).findByRole('table', { name: 'Your sessions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on Linux');
    expect(rows[0]).toHaveTextContent('This session');
    expect(rows[0]).toHaveTextContent('192.0.2.10');
    expect(rows[1]).toHaveTextContent('Safari on iOS');
    expect(rows[1]).not.toHaveTextContent('This session');
    expect(rows[1]).toHaveTextContent('198.51.100.7');
    expect(rows[1]).toHaveTextContent('20 Nov 2026');
  });

  it('signs out the others after a confirmation, and the list refreshes', async () => {
    const backend = fakeBackend();
    const user = renderPage(backend.client);
    const section = region('Active sessions');
    await within(section).findByRole('table', { name: 'Your sessions' });
    await user.click(within(section).getByRole('button', { name: 'Sign out of all other sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out of all other sessions?' });
    expect(backend.auth.signOut).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out other sessions' }));
    expect(await screen.findByText('Signed out elsewhere')).toBeInTheDocument();
    expect(backend.auth.signOut).toHaveBeenCalledWith({ scope: 'others' });
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(2));
    expect(within(section).getByRole('button', { name: 'Sign out of all other sessions' })).toBeDisabled();
    expect(within(section).getByText('You are not signed in anywhere else.')).toBeInTheDocument();
  });
});

describe('Linked identities', () => {
  it('lists the e-mail identity and cannot unlink it while it is the only one, saying why', async () => {
    renderPage(fakeBackend().client);
    const section = region('Linked identities');
    const table = await within(section).findByRole('table', { name: 'Your sign-in methods' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('E-mail');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('ada@school.example');
    const unlink = within(section).getByRole('button', { name: 'Unlink E-mail' });
    expect(unlink).toBeDisabled();
    expect(unlink).toHaveAccessibleDescription(LAST_IDENTITY_REASON);
  });

  it('unlinks a second identity after a confirmation and shows the list without it', async () => {
    const backend = fakeBackend({ identities: [EMAIL_IDENTITY, KEYCLOAK_IDENTITY] });
    const user = renderPage(backend.client);
    const section = region('Linked identities');
    await within(section).findByRole('table', { name: 'Your sign-in methods' });
    await user.click(within(section).getByRole('button', { name: 'Unlink Keycloak' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlink Keycloak?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Sign-in method unlinked')).toBeInTheDocument();
    expect(backend.auth.unlinkIdentity).toHaveBeenCalledWith(KEYCLOAK_IDENTITY);
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(2));
    expect(within(section).getByRole('button', { name: 'Unlink E-mail' })).toBeDisabled();
  });

  it('shows the auth service’s refusal in the dialog', async () => {
    const backend = fakeBackend({
      identities: [EMAIL_IDENTITY, KEYCLOAK_IDENTITY],
      unlink: () => ({ error: { message: 'User must have at least 1 identity after unlinking', code: 'single_identity_not_deletable', status: 422 } }),
    });
    const user = renderPage(backend.client);
    const section = region('Linked identities');
    await within(section).findByRole('table', { name: 'Your sign-in methods' });
    await user.click(within(section).getByRole('button', { name: 'Unlink Keycloak' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlink Keycloak?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await within(dialog).findByText('This is your only way of signing in, so it cannot be removed.')).toBeInTheDocument();
    expect(within(section).getAllByRole('row', { hidden: true })).toHaveLength(3);
  });
});
