import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import UsersPage from './users-page';

/**
 * /admin/users against a fake client: what an administrator sees in each
 * state of the two lists, and the invite, resend and revoke commands with the
 * answers the server can give.
 */
type RpcAnswer = { data: unknown; error: { message: string; code?: string } | null };

const INVITATIONS = [
  {
    id: 'inv-open',
    email: 'grace@network.example',
    status: 'open',
    invited_by: 'u-admin',
    invited_by_email: 'ada@accord.example',
    created_at: '2026-11-20T10:00:00Z',
    expires_at: '2026-11-27T10:00:00Z',
    used_at: null,
    used_by_email: null,
    revoked_at: null,
  },
  {
    id: 'inv-used',
    email: 'kat@network.example',
    status: 'used',
    invited_by: 'u-admin',
    invited_by_email: 'ada@accord.example',
    created_at: '2026-11-10T10:00:00Z',
    expires_at: '2026-11-17T10:00:00Z',
    used_at: '2026-11-11T09:00:00Z',
    used_by_email: 'kat@network.example',
    revoked_at: null,
  },
];

const USERS = [
  {
    id: 'u-admin',
    email: 'ada@accord.example',
    full_name: 'Ada Admin',
    created_at: '2026-11-01T10:00:00Z',
    last_sign_in_at: '2026-11-21T08:30:00Z',
    is_system_admin: true,
    organization_id: null,
    organization_name: null,
    organization_role: null,
    application_status: null,
    investor_level: null,
    is_stakeholder: false,
  },
  {
    id: 'u-org',
    email: 'olu@school.example',
    full_name: null,
    created_at: '2026-11-02T10:00:00Z',
    last_sign_in_at: null,
    is_system_admin: false,
    organization_id: 'org-1',
    organization_name: 'Northwind School',
    organization_role: 'admin',
    application_status: 'pending',
    investor_level: 'lite',
    is_stakeholder: true,
  },
];

function fakeClient(overrides: Partial<Record<string, () => Promise<RpcAnswer>>> = {}, invoke = vi.fn()) {
  const defaults: Record<string, () => Promise<RpcAnswer>> = {
    admin_list_invitations: async () => ({ data: INVITATIONS, error: null }),
    admin_list_users: async () => ({ data: USERS, error: null }),
    admin_dashboard_counts: async () => ({ data: [{ pending_applications: 0, organizations: 0, users: 0, open_invitations: 0 }], error: null }),
    revoke_admin_invitation: async () => ({ data: '2026-11-22T10:00:00Z', error: null }),
  };
  const handlers = { ...defaults, ...overrides };
  const rpc = vi.fn((name: string) => handlers[name]!());
  const client = { rpc, functions: { invoke } } as unknown as AccordClient;
  return { client, rpc, invoke };
}

function renderPage(client: AccordClient) {
  renderAt(
    <>
      <UsersPage client={client} />
      <ToastList />
    </>,
    { at: '/admin/users' },
  );
  return userEvent.setup({ delay: null });
}

const invitationsTable = () => screen.findByRole('table', { name: 'Administrator invitations' });
const dialog = () => screen.getByRole('dialog', { name: 'Invite an administrator' });

async function openInviteDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Invite administrator' }));
  return screen.findByRole('dialog', { name: 'Invite an administrator' });
}

/** jsdom has no layout, so the focus trap cannot tell which field is visible; it keeps focus inside the dialog. The browser test checks the field itself. */
const expectFocusInside = (element: HTMLElement) => expect(element.contains(document.activeElement)).toBe(true);
const emailField = () => within(dialog()).getByRole('textbox', { name: 'E-mail address' });

/** What supabase-js's functions.invoke gives back when the function answers with an error status. */
function functionRefusal(status: number, body: unknown) {
  return {
    data: null,
    error: { name: 'FunctionsHttpError', message: 'Edge Function returned a non-2xx status code', context: new Response(JSON.stringify(body), { status }) },
  };
}

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/users lists', () => {
  it('shows pending invitations with who sent them and when, and everyone with their roles', async () => {
    renderPage(fakeClient().client);
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const table = await invitationsTable();
    const rows = within(table).getAllByRole('row');
    // The header and the one pending invitation; the accepted one waits behind the toggle.
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('grace@network.example');
    expect(rows[1]).toHaveTextContent('ada@accord.example');
    expect(rows[1]).toHaveTextContent('Pending');
    expect(rows[1]).toHaveTextContent(/20 Nov 2026/);
    expect(rows[1]).toHaveTextContent(/27 Nov 2026/);

    const users = await screen.findByRole('table', { name: 'Users' });
    const adaRow = within(users).getByRole('row', { name: /Ada Admin/ });
    expect(adaRow).toHaveTextContent('System admin');
    const oluRow = within(users).getByRole('row', { name: /olu@school\.example/ });
    expect(oluRow).toHaveTextContent('Org admin · Northwind School (application pending)');
    expect(oluRow).toHaveTextContent('Investor · lite');
    expect(oluRow).toHaveTextContent('Stakeholder');
    expect(oluRow).toHaveTextContent('Never');
    expect(screen.getByText('2 people')).toBeInTheDocument();
  });

  it('shows accepted, revoked and expired invitations on request', async () => {
    const user = renderPage(fakeClient().client);
    await invitationsTable();
    const toggle = screen.getByRole('button', { name: 'Show accepted, revoked and expired (1)' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    const table = await invitationsTable();
    expect(within(table).getByRole('row', { name: /kat@network\.example/ })).toHaveTextContent('Accepted');
    expect(within(table).queryByRole('button', { name: /kat@network\.example/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show pending invitations only' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters people by name, e-mail or organisation', async () => {
    const user = renderPage(fakeClient().client);
    await screen.findByRole('table', { name: 'Users' });
    await user.type(screen.getByRole('searchbox', { name: 'Filter users' }), 'northwind');
    expect(screen.getByText('1 of 2 people')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Users' })).queryByText('Ada Admin')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Filter users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter users' }), 'nobody at all');
    expect(screen.getByText('No one matches that filter')).toBeInTheDocument();
  });

  it('says so when there is nothing to show', async () => {
    renderPage(
      fakeClient({
        admin_list_invitations: async () => ({ data: [], error: null }),
        admin_list_users: async () => ({ data: [], error: null }),
      }).client,
    );
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('announces loading, then shows a failure with its reason and a retry that works', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { client } = fakeClient({
      admin_list_users: async () => {
        await gate;
        return fail
          ? { data: null, error: { message: 'Only system administrators may list users.', code: '42501' } }
          : { data: USERS, error: null };
      },
    });
    const user = renderPage(client);
    expect(screen.getByText('Loading users…').closest('[role="status"]')).toBeInTheDocument();
    await act(async () => release());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The users could not be loaded');
    expect(alert).toHaveTextContent('Only system administrators may list users.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
  });
});

describe('the "Invite administrator" dialog', () => {
  it('opens with the e-mail field focused and validates before sending', async () => {
    const { client, invoke } = fakeClient();
    const user = renderPage(client);
    expectFocusInside(await openInviteDialog(user));

    await user.click(within(dialog()).getByRole('button', { name: 'Send invitation' }));
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog()).getByText('Enter the e-mail address of the person to invite.')).toBeInTheDocument();

    await user.type(emailField(), 'grace@network');
    await user.click(within(dialog()).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog()).getByText('Enter a valid e-mail address, for example name@organisation.org.')).toBeInTheDocument();
    expect(emailField()).toHaveFocus();
    expect(invoke).not.toHaveBeenCalled();
  });

  it('sends, shows that it is sending, closes, says so in a toast and refreshes the list', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const invoke = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const { client, rpc } = fakeClient({}, invoke);
    const user = renderPage(client);
    await invitationsTable();
    await openInviteDialog(user);
    await user.type(emailField(), '  new.admin@network.example ');
    await user.click(within(dialog()).getByRole('button', { name: 'Send invitation' }));

    expect(invoke).toHaveBeenCalledWith('invite-admin', { body: { email: 'new.admin@network.example' } });
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Sending the invitation…');
    expect(emailField()).toBeDisabled();
    const listCalls = rpc.mock.calls.filter(([name]) => name === 'admin_list_invitations').length;

    await act(async () =>
      answer({ data: { invitationId: 'inv-new', email: 'new.admin@network.example', expiresAt: '2026-11-29T10:00:00Z' }, error: null }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(screen.getByText('We e-mailed an invitation to new.admin@network.example. The link expires in 7 days.')).toBeInTheDocument();
    expect(rpc.mock.calls.filter(([name]) => name === 'admin_list_invitations').length).toBeGreaterThan(listCalls);
  });

  it("shows the server's refusal in the dialog and keeps the address", async () => {
    const invoke = vi.fn(async () =>
      functionRefusal(409, { error: 'already_admin', message: 'ada@accord.example is already a system administrator.' }),
    );
    const { client } = fakeClient({}, invoke);
    const user = renderPage(client);
    await openInviteDialog(user);
    await user.type(emailField(), 'ada@accord.example');
    await user.click(within(dialog()).getByRole('button', { name: 'Send invitation' }));

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('The invitation was not sent');
    expect(alert).toHaveTextContent('ada@accord.example is already a system administrator.');
    expect(emailField()).toHaveValue('ada@accord.example');
    expect(emailField()).toBeEnabled();
  });

  it('says the backend is unreachable when the request never got an answer', async () => {
    const invoke = vi.fn(async () => ({ data: null, error: { name: 'FunctionsFetchError', message: 'Failed to send a request to the Edge Function' } }));
    const user = renderPage(fakeClient({}, invoke).client);
    await openInviteDialog(user);
    await user.type(emailField(), 'grace@network.example');
    await user.click(within(dialog()).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent("We couldn't reach Accord. Check your connection and try again.");
  });

  it('Cancel closes it and forgets what was typed', async () => {
    const user = renderPage(fakeClient().client);
    await openInviteDialog(user);
    await user.type(emailField(), 'half-typed@');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await openInviteDialog(user);
    expect(emailField()).toHaveValue('');
  });
});

describe('resend and revoke', () => {
  it('resend sends a new invitation to the same address and says so', async () => {
    const invoke = vi.fn(async () => ({
      data: { invitationId: 'inv-2', email: 'grace@network.example', expiresAt: '2026-11-29T10:00:00Z' },
      error: null,
    }));
    const user = renderPage(fakeClient({}, invoke).client);
    await invitationsTable();
    await user.click(screen.getByRole('button', { name: 'Resend the invitation to grace@network.example' }));
    expect(invoke).toHaveBeenCalledWith('invite-admin', { body: { email: 'grace@network.example' } });
    expect(await screen.findByText('Invitation sent again')).toBeInTheDocument();
    expect(screen.getByText('A new link went to grace@network.example; the earlier link no longer works.')).toBeInTheDocument();
  });

  it('revoke asks first; keeping it changes nothing, confirming revokes and refreshes', async () => {
    const { client, rpc } = fakeClient();
    const user = renderPage(client);
    await invitationsTable();
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to grace@network.example' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this invitation?' });
    expect(confirm).toHaveTextContent('The invitation link sent to grace@network.example will stop working.');
    await waitFor(() => expectFocusInside(confirm));
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(rpc).not.toHaveBeenCalledWith('revoke_admin_invitation', expect.anything());

    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to grace@network.example' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke invitation' }));
    expect(rpc).toHaveBeenCalledWith('revoke_admin_invitation', { p_invitation_id: 'inv-open' });
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('a refused revoke is explained in the confirmation dialog', async () => {
    const { client } = fakeClient({
      revoke_admin_invitation: async () => ({ data: null, error: { message: 'invitation_used', code: 'P0001' } }),
    });
    const user = renderPage(client);
    await invitationsTable();
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to grace@network.example' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke invitation' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'This invitation has already been accepted, so it can no longer be revoked.',
    );
  });
});
