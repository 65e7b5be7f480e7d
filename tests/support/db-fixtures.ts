import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql, type TestUser } from './users.ts';

/**
 * Arranging database state for the RLS and RPC tests, and the two outcomes a
 * refused request can have through PostgREST.
 */

export type ApplicationStatus = 'pending' | 'under_review' | 'approved' | 'rejected';

/** Makes `user` a system administrator, as the seed makes the first one. */
export async function makeSystemAdmin(user: Pick<TestUser, 'id'>): Promise<void> {
  await sql('insert into public.system_admins (user_id) values ($1)', [user.id]);
}

/**
 * Creates an organisation as onboarding would (creator → admin member, pending
 * application, both by trigger), then moves the application to `status`, or
 * removes it when `status` is null. Returns the organisation's id.
 */
export async function createOrganization(
  creator: Pick<TestUser, 'id'> | null,
  // Its own name by default: the registry refuses to approve a second organisation with a member's name.
  { status = 'pending', name = `Test Organisation ${randomUUID().slice(0, 8)}` }: { status?: ApplicationStatus | null; name?: string } = {},
): Promise<string> {
  const [org] = await sql<{ id: string }>(
    'insert into public.organizations (name, created_by) values ($1, $2) returning id',
    [name, creator?.id ?? null],
  );
  if (status === null) {
    await sql('delete from public.organization_applications where organization_id = $1', [org.id]);
  } else if (creator === null) {
    await sql(
      `insert into public.organization_applications (organization_id, status, decision_reason)
       values ($1, $2::public.application_status, case when $2::text = 'rejected' then 'Test rejection' end)`,
      [org.id, status],
    );
  } else if (status !== 'pending') {
    await setApplicationStatus(org.id, status);
  }
  return org.id;
}

export async function setApplicationStatus(organizationId: string, status: ApplicationStatus): Promise<void> {
  await sql(
    `update public.organization_applications
        set status = $2::public.application_status,
            decision_reason = case when $2::text = 'rejected' then 'Test rejection' end
      where organization_id = $1`,
    [organizationId, status],
  );
}

export async function addMember(
  organizationId: string,
  user: Pick<TestUser, 'id'>,
  role: 'admin' | 'member' = 'member',
): Promise<void> {
  await sql('insert into public.organization_members (organization_id, user_id, role) values ($1, $2, $3)', [
    organizationId,
    user.id,
    role,
  ]);
}

interface PostgrestOutcome {
  data: unknown;
  error: { code?: string; message: string } | null;
}

/**
 * Refused by privileges or a policy's WITH CHECK: PostgREST answers with
 * SQLSTATE 42501 (HTTP 401 for visitors, 403 for signed-in users).
 */
export function expectDenied(result: PostgrestOutcome): void {
  expect(result.error, 'expected the request to be refused').not.toBeNull();
  expect(result.error?.code).toBe('42501');
}

/**
 * Filtered out by a policy's USING clause: the request succeeds and touches
 * nothing. Callers also check the row itself is unchanged.
 */
export function expectNoRows(result: PostgrestOutcome): void {
  expect(result.error).toBeNull();
  expect(result.data).toEqual([]);
}

/** Succeeded with data; returns it. */
export function expectOk<T>(result: { data: T; error: { message: string } | null }): NonNullable<T> {
  expect(result.error).toBeNull();
  expect(result.data).not.toBeNull();
  return result.data as NonNullable<T>;
}
