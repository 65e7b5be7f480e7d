import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from '../errors';
import { acceptAdminInvitation } from '../invitations/accept-admin-invitation';
import { listAdminInvitations } from './list-admin-invitations';
import { listAdminUsers } from './list-admin-users';
import { getDashboardCounts } from './get-dashboard-counts';
import { inviteAdmin } from './invite-admin';
import { revokeAdminInvitation } from './revoke-admin-invitation';

/** The back office's fetchers: what they ask, how they shape answers, and what they throw. */
const rpcClient = (answer: { data: unknown; error: unknown }) => {
  const rpc = vi.fn().mockResolvedValue(answer);
  return { client: { rpc } as unknown as AccordClient, rpc };
};
const invokeClient = (answer: { data: unknown; error: unknown }) => {
  const invoke = vi.fn().mockResolvedValue(answer);
  return { client: { functions: { invoke } } as unknown as AccordClient, invoke };
};
const httpError = (status: number, body: string) => ({
  name: 'FunctionsHttpError',
  message: 'Edge Function returned a non-2xx status code',
  context: new Response(body, { status }),
});

describe('listAdminUsers', () => {
  it('calls admin_list_users and keeps what may be missing as null', async () => {
    const { client, rpc } = rpcClient({
      data: [
        {
          id: 'u1',
          email: 'a@b.example',
          full_name: null,
          created_at: '2026-11-01T00:00:00Z',
          last_sign_in_at: null,
          is_system_admin: false,
          organization_id: 'o1',
          organization_name: 'School',
          organization_role: 'member',
          application_status: null,
          investor_level: null,
          is_stakeholder: false,
        },
      ],
      error: null,
    });
    await expect(listAdminUsers(client)).resolves.toEqual([
      {
        id: 'u1',
        email: 'a@b.example',
        fullName: null,
        createdAt: '2026-11-01T00:00:00Z',
        lastSignInAt: null,
        isSystemAdmin: false,
        organization: { id: 'o1', name: 'School', role: 'member', applicationStatus: null },
        investorLevel: null,
        isStakeholder: false,
      },
    ]);
    expect(rpc).toHaveBeenCalledWith('admin_list_users');
  });

  it("throws the database's refusal as a DataError", async () => {
    const { client } = rpcClient({ data: null, error: { message: 'Only system administrators may list users.', code: '42501' } });
    await expect(listAdminUsers(client)).rejects.toMatchObject({ message: 'Only system administrators may list users.', code: '42501' });
  });
});

describe('listAdminInvitations', () => {
  it('maps rows and treats an unknown status as closed', async () => {
    const { client } = rpcClient({
      data: [{ id: 'i1', email: 'x@y.example', status: 'lost', invited_by_email: null, created_at: 'c', expires_at: 'e', used_at: null, used_by_email: null, revoked_at: null }],
      error: null,
    });
    const [row] = await listAdminInvitations(client);
    expect(row).toMatchObject({ id: 'i1', status: 'expired', invitedByEmail: null });
  });
});

describe('getDashboardCounts', () => {
  it('reads the one row of counts', async () => {
    const { client } = rpcClient({ data: [{ pending_applications: 1, organizations: 2, users: 3, open_invitations: 4 }], error: null });
    await expect(getDashboardCounts(client)).resolves.toEqual({ pendingApplications: 1, organizations: 2, users: 3, openInvitations: 4 });
  });

  it('refuses an empty answer rather than showing zeros', async () => {
    const { client } = rpcClient({ data: [], error: null });
    await expect(getDashboardCounts(client)).rejects.toBeInstanceOf(DataError);
  });
});

describe('inviteAdmin', () => {
  it('invokes the invite-admin function with the address', async () => {
    const sent = { invitationId: 'i1', email: 'x@y.example', expiresAt: '2026-11-29T00:00:00Z' };
    const { client, invoke } = invokeClient({ data: sent, error: null });
    await expect(inviteAdmin(client, 'x@y.example')).resolves.toEqual(sent);
    expect(invoke).toHaveBeenCalledWith('invite-admin', { body: { email: 'x@y.example' } });
  });

  it("throws the function's own message, status and code", async () => {
    const { client } = invokeClient({ data: null, error: httpError(403, '{"error":"forbidden","message":"Only system administrators can invite administrators."}') });
    await expect(inviteAdmin(client, 'x@y.example')).rejects.toMatchObject({
      message: 'Only system administrators can invite administrators.',
      status: 403,
      code: 'forbidden',
    });
  });

  it("uses the runtime's message when verify_jwt refuses, and a generic one for a body that is not JSON", async () => {
    const expired = invokeClient({ data: null, error: httpError(401, '{"msg":"JWT has expired"}') });
    await expect(inviteAdmin(expired.client, 'x@y.example')).rejects.toMatchObject({ message: 'JWT has expired', status: 401 });
    const garbled = invokeClient({ data: null, error: httpError(502, '<html>Bad gateway</html>') });
    await expect(inviteAdmin(garbled.client, 'x@y.example')).rejects.toMatchObject({ message: UNEXPECTED_MESSAGE, status: 502 });
  });

  it('says the backend is unreachable when no answer came', async () => {
    const { client } = invokeClient({ data: null, error: { name: 'FunctionsFetchError', message: 'Failed to send a request to the Edge Function' } });
    await expect(inviteAdmin(client, 'x@y.example')).rejects.toMatchObject({ message: UNREACHABLE_MESSAGE, status: 0 });
  });
});

describe('revokeAdminInvitation', () => {
  it('calls revoke_admin_invitation with the id', async () => {
    const { client, rpc } = rpcClient({ data: '2026-11-22T00:00:00Z', error: null });
    await revokeAdminInvitation(client, 'i1');
    expect(rpc).toHaveBeenCalledWith('revoke_admin_invitation', { p_invitation_id: 'i1' });
  });

  it('puts the named refusals in words', async () => {
    const used = rpcClient({ data: null, error: { message: 'invitation_used', code: 'P0001' } });
    await expect(revokeAdminInvitation(used.client, 'i1')).rejects.toMatchObject({
      message: 'This invitation has already been accepted, so it can no longer be revoked.',
      code: 'invitation_used',
    });
    const gone = rpcClient({ data: null, error: { message: 'invitation_not_found', code: 'P0001' } });
    await expect(revokeAdminInvitation(gone.client, 'i1')).rejects.toMatchObject({ code: 'invitation_not_found' });
  });
});

describe('acceptAdminInvitation', () => {
  it('returns the documented answer, refusals included', async () => {
    const { client, rpc } = rpcClient({ data: { success: false, message: 'This invitation has expired.', error: 'expired' }, error: null });
    await expect(acceptAdminInvitation(client, 'tok')).resolves.toEqual({ success: false, message: 'This invitation has expired.', error: 'expired' });
    expect(rpc).toHaveBeenCalledWith('accept_admin_invitation', { p_token: 'tok' });
  });

  it('throws for a failed request and for an answer of another shape', async () => {
    const failed = rpcClient({ data: null, error: { message: 'Failed to fetch', status: 0 } });
    await expect(acceptAdminInvitation(failed.client, 'tok')).rejects.toMatchObject({ message: UNREACHABLE_MESSAGE });
    const odd = rpcClient({ data: 'yes', error: null });
    await expect(acceptAdminInvitation(odd.client, 'tok')).rejects.toBeInstanceOf(DataError);
  });
});
