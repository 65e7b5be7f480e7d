import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { SessionProvider } from '../../session/session-context';
import { TestProviders } from '../../testing/render';
import { sessionLogicFor } from '../../testing/session';
import { factsFor } from '../../testing/session-facts';
import MembersPage from './members-page';

/**
 * /dashboard/members against a fake client: what an organisation admin and a
 * plain member see, the invite dialog's validation and the server's refusals,
 * and the last-admin rule said in words before and after the database refuses.
 */
const ME = '5eed0000-0000-4000-8000-000000000002';
const COLLEAGUE = '5eed0000-0000-4000-8000-000000000003';
const LAST_ADMIN = 'An organisation always needs an admin. Make another member an admin first.';

type Answer = { data: unknown; error: { message: string; code?: string; details?: string } | null };

const TEAM = [
  { user_id: ME, full_name: 'Ada Lovelace', email: 'ada@school.example', role: 'admin', joined_at: '2026-11-01T10:00:00Z' },
  { user_id: COLLEAGUE, full_name: 'Grace Hopper', email: 'grace@school.example', role: 'member', joined_at: '2026-11-10T10:00:00Z' },
];
const INVITATIONS = [
  {
    id: 'inv-1',
    email: 'kat@school.example',
    role: 'member',
    invited_by: ME,
    last_sent_at: '2026-11-20T10:00:00Z',
    expires_at: '2099-11-27T10:00:00Z',
    resend_available_at: '2026-11-20T10:01:00Z',
  },
];

interface Backend {
  role?: 'admin' | 'member';
  team?: unknown[];
  invitations?: unknown[];
  rpc?: Partial<Record<string, () => Promise<Answer>>>;
  invoke?: ReturnType<typeof vi.fn>;
}

function fakeClient({ role = 'admin', team = TEAM, invitations = INVITATIONS, rpc = {}, invoke = vi.fn() }: Backend = {}) {
  const tables: Record<string, unknown> = {
    organization_members: { organization_id: 'org-1', role },
    tenant_invitations: invitations,
  };
  const from = vi.fn((table: string) => {
    const answer = async () => ({ data: tables[table] ?? null, error: null });
    const query = {
      select: () => query,
      eq: () => query,
      is: () => query,
      order: () => query,
      maybeSingle: answer,
      then: (resolve: (value: Answer) => unknown, reject: (reason: unknown) => unknown) => answer().then(resolve, reject),
    };
    return query;
  });
  const handlers: Record<string, () => Promise<Answer>> = {
    organization_team: async () => ({ data: team, error: null }),
    ...rpc,
  } as Record<string, () => Promise<Answer>>;
  const rpcMock = vi.fn((name: string) => (handlers[name] ?? (async () => ({ data: null, error: null })))());
  return { client: { from, rpc: rpcMock, functions: { invoke } } as unknown as AccordClient, rpc: rpcMock, invoke };
}

function renderPage(client: AccordClient, onLeft = vi.fn()) {
  const router = createMemoryRouter([{ path: '/dashboard/members', element: <MembersPage client={client} onLeft={onLeft} /> }], {
    initialEntries: ['/dashboard/members'],
  });
  render(
    <TestProviders>
      <SessionProvider logic={sessionLogicFor(factsFor('orgAdmin'))} navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
        <ToastList />
      </SessionProvider>
    </TestProviders>,
  );
  return { user: userEvent.setup({ delay: null }), onLeft };
}

/** What supabase-js's functions.invoke gives back when the function answers with an error status. */
function functionRefusal(status: number, body: unknown) {
  return {
    data: null,
    error: { name: 'FunctionsHttpError', message: 'Edge Function returned a non-2xx status code', context: new Response(JSON.stringify(body), { status }) },
  };
}

const teamTable = () => screen.findByRole('table', { name: 'The team' });
const inviteDialog = () => screen.getByRole('dialog', { name: 'Invite a colleague' });

async function openInvite(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Invite a colleague' }));
  return screen.findByRole('dialog', { name: 'Invite a colleague' });
}

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('/dashboard/members as an organisation admin', () => {
  it('shows the team with roles as badges and the pending invitation with who sent it and its expiry', async () => {
    renderPage(fakeClient().client);
    expect(screen.getByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    const team = await teamTable();
    const ada = within(team).getByRole('row', { name: /Ada Lovelace/ });
    expect(ada).toHaveTextContent('(you)');
    expect(ada).toHaveTextContent('Admin');
    expect(ada).toHaveTextContent('1 Nov 2026');
    const grace = within(team).getByRole('row', { name: /Grace Hopper/ });
    expect(grace).toHaveTextContent('grace@school.example');
    expect(grace).toHaveTextContent('Member');
    expect(within(grace).getByRole('button', { name: 'Make admin: Grace Hopper' })).toBeEnabled();
    expect(within(grace).getByRole('button', { name: 'Remove Grace Hopper' })).toBeEnabled();

    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    const row = within(pending).getByRole('row', { name: /kat@school\.example/ });
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent(/27 Nov 2099/);
    expect(within(row).getByRole('button', { name: 'Resend the invitation to kat@school.example' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Revoke the invitation to kat@school.example' })).toBeInTheDocument();
  });

  it('names someone who has not given a name yet by their e-mail (an invitee who has just joined)', async () => {
    const team = [TEAM[0], { ...TEAM[1], full_name: null, email: 'new.joiner@school.example' }];
    renderPage(fakeClient({ team }).client);
    const table = await teamTable();
    const row = within(table).getByRole('row', { name: /new\.joiner@school\.example/ });
    expect(within(row).getByRole('button', { name: 'Make admin: new.joiner@school.example' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Remove new.joiner@school.example' })).toBeEnabled();
  });

  it('says when there are no pending invitations', async () => {
    renderPage(fakeClient({ invitations: [] }).client);
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
    expect(screen.getByText(/Invite a colleague with/)).toBeInTheDocument();
  });

  it('as the only admin: cannot leave, be demoted or be removed, and is told why before trying', async () => {
    renderPage(fakeClient().client);
    const team = await teamTable();
    const ada = within(team).getByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).getByRole('button', { name: 'Make member: Ada Lovelace' })).toBeDisabled();
    expect(within(ada).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave organisation' })).toBeDisabled();
    expect(screen.getByTestId('last-admin-note')).toHaveTextContent(LAST_ADMIN);
  });

  it('shows the database’s last_admin refusal in words when the screen did not know (another admin was demoted meanwhile)', async () => {
    const team = [...TEAM, { user_id: 'u-3', full_name: 'Kat Johnson', email: 'kat@school.example', role: 'admin', joined_at: '2026-11-12T10:00:00Z' }];
    const { client, rpc } = fakeClient({
      team,
      rpc: { leave_organization: async () => ({ data: null, error: { message: 'last_admin', code: 'P0001', details: 'An organisation must always…' } }) },
    });
    const { user, onLeft } = renderPage(client);
    await teamTable();
    await user.click(screen.getByRole('button', { name: 'Leave organisation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this organisation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave organisation' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('You have not left');
    expect(alert).toHaveTextContent(LAST_ADMIN);
    expect(rpc).toHaveBeenCalledWith('leave_organization', { p_organization_id: 'org-1' });
    expect(onLeft).not.toHaveBeenCalled();
  });

  it('changes a role after asking, and refreshes the team', async () => {
    const { client, rpc } = fakeClient();
    const { user } = renderPage(client);
    const team = await teamTable();
    await user.click(within(team).getByRole('button', { name: 'Make admin: Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make this person an admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    await waitFor(() =>
      expect(rpc).toHaveBeenCalledWith('change_organization_member_role', { p_organization_id: 'org-1', p_user_id: COLLEAGUE, p_role: 'admin' }),
    );
    expect(await screen.findByText('Grace Hopper is now an admin.')).toBeInTheDocument();
    expect(rpc.mock.calls.filter(([name]) => name === 'organization_team').length).toBeGreaterThan(1);
  });

  it('removes someone after asking', async () => {
    const { client, rpc } = fakeClient();
    const { user } = renderPage(client);
    const team = await teamTable();
    await user.click(within(team).getByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this person?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('remove_organization_member', { p_organization_id: 'org-1', p_user_id: COLLEAGUE }));
    expect(await screen.findByText('Grace Hopper is no longer in your organisation.')).toBeInTheDocument();
  });

  it('marks an expired invitation as expired, so it can be resent or revoked', async () => {
    renderPage(fakeClient({ invitations: [{ ...INVITATIONS[0], expires_at: '2020-01-08T10:00:00Z' }] }).client);
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(pending).getByRole('row', { name: /kat@school\.example/ })).toHaveTextContent(/Expired 8 Jan 2020/);
  });

  it('revokes an invitation after asking, and shows the refusal in the dialog when the server says no', async () => {
    let answer: Answer = { data: null, error: { message: 'invitation_used', code: 'P0001' } };
    const { client, rpc } = fakeClient({ rpc: { revoke_tenant_invitation: async () => answer } });
    const { user } = renderPage(client);
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation to kat@school.example' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This invitation has already been accepted.');
    answer = { data: '2026-11-22T10:00:00Z', error: null };
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText('The link sent to kat@school.example no longer works.')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('revoke_tenant_invitation', { p_invitation_id: 'inv-1' });
  });

  it('shows the resend cool-down when the function refuses a resend', async () => {
    const invoke = vi.fn(async () =>
      functionRefusal(429, { error: 'resend_too_soon', message: 'in 42 seconds', resendAvailableAt: '2026-11-20T10:01:00Z' }),
    );
    const { user } = renderPage(fakeClient({ invoke }).client);
    await user.click(await screen.findByRole('button', { name: 'Resend the invitation to kat@school.example' }));
    expect(invoke).toHaveBeenCalledWith('invite-tenant', { body: { invitationId: 'inv-1' } });
    expect(await screen.findByText(/You can send it again at \d\d:\d\d:\d\d\./)).toBeInTheDocument();
    expect(screen.getByText('The invitation was not sent again')).toBeInTheDocument();
  });
});

describe('the invite dialog', () => {
  it('checks the address with the one e-mail rule before sending anything', async () => {
    const { client, invoke } = fakeClient();
    const { user } = renderPage(client);
    const dialog = await openInvite(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Enter the e-mail address of the person to invite.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail address' }), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Enter a valid e-mail address, for example name@organisation.org.')).toBeInTheDocument();
    expect(invoke).not.toHaveBeenCalled();
  });

  it('sends the address and role, closes and shows the invitation as pending', async () => {
    const invoke = vi.fn(async () => ({
      data: { invitationId: 'inv-2', organizationId: 'org-1', email: 'lin@school.example', role: 'admin', expiresAt: '', resendAvailableAt: '' },
      error: null,
    }));
    const { client } = fakeClient({ invoke });
    const { user } = renderPage(client);
    const dialog = await openInvite(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail address' }), '  lin@school.example ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(invoke).toHaveBeenCalledWith('invite-tenant', { body: { organizationId: 'org-1', email: 'lin@school.example', role: 'admin' } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a colleague' })).toBeNull());
    expect(await screen.findByText(/We e-mailed an invitation to lin@school\.example/)).toBeInTheDocument();
  });

  it.each([
    ['already_in_organization', 409, 'This person already belongs to another organisation on Accord. They must leave it before you can invite them.'],
    ['invitation_open', 409, 'This address has already been invited and the invitation is still open. Resend it from the pending invitations instead.'],
    ['organization_suspended', 409, 'Your organisation is suspended, so it cannot send invitations. Contact the Accord team to have it reinstated.'],
  ])('says %s in words and keeps what was typed', async (code, status, sentence) => {
    const invoke = vi.fn(async () => functionRefusal(status, { error: code, message: 'server words' }));
    const { user } = renderPage(fakeClient({ invoke }).client);
    const dialog = await openInvite(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail address' }), 'lin@school.example');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const alert = await within(inviteDialog()).findByRole('alert');
    expect(alert).toHaveTextContent('The invitation was not sent');
    expect(alert).toHaveTextContent(sentence);
    expect(within(inviteDialog()).getByRole('textbox', { name: 'E-mail address' })).toHaveValue('lin@school.example');
    expect(within(inviteDialog()).getByRole('combobox', { name: 'Role' })).toHaveValue('admin');
  });
});

describe('/dashboard/members as a plain member', () => {
  it('shows the team read-only, with no invite, change or remove controls, and lets them leave', async () => {
    const team = [
      { ...TEAM[1], user_id: 'u-admin', full_name: 'Kat Johnson', role: 'admin' },
      { ...TEAM[0], role: 'member' },
    ];
    const { client, rpc } = fakeClient({ role: 'member', team });
    const { user, onLeft } = renderPage(client);
    const table = await teamTable();
    expect(within(table).queryByRole('button')).toBeNull();
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(pending).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite a colleague' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Leave organisation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this organisation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave organisation' }));
    await waitFor(() => expect(onLeft).toHaveBeenCalledWith('/onboarding?step=1'));
    expect(rpc).toHaveBeenCalledWith('leave_organization', { p_organization_id: 'org-1' });
  });

  it('says the team could not be loaded, with a way to try again', async () => {
    const { client } = fakeClient({
      role: 'member',
      rpc: { organization_team: async () => ({ data: null, error: { message: 'not_organization_member', code: '42501' } }) },
    });
    renderPage(client);
    expect(await screen.findByText('The team could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('You are no longer a member of this organisation.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
