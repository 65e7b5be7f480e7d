import type { Queryable } from './db.ts';
import { newId } from './secrets.ts';
import { NIL_UUID } from './users.ts';

/** auth.audit_log_entries rows in GoTrue's payload format (models.NewAuditLogEntry). */
export type AuditAction =
  | 'login'
  | 'logout'
  | 'user_signedup'
  | 'user_invited'
  | 'user_deleted'
  | 'user_modified'
  | 'user_recovery_requested'
  | 'user_confirmation_requested'
  | 'user_repeated_signup'
  | 'user_updated_password'
  | 'identity_linked'
  | 'identity_unlinked'
  | 'token_refreshed'
  | 'token_revoked'
  | 'factor_in_progress'
  | 'factor_unenrolled'
  | 'challenge_created'
  | 'verification_attempted'
  | 'factor_deleted';

const LOG_TYPE: Record<AuditAction, string> = {
  login: 'account',
  logout: 'account',
  user_signedup: 'team',
  user_invited: 'team',
  user_deleted: 'team',
  user_modified: 'user',
  user_recovery_requested: 'user',
  user_confirmation_requested: 'user',
  user_repeated_signup: 'user',
  user_updated_password: 'user',
  identity_linked: 'user',
  identity_unlinked: 'user',
  token_refreshed: 'token',
  token_revoked: 'token',
  factor_in_progress: 'factor',
  factor_unenrolled: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
  factor_deleted: 'factor',
};

export interface AuditActor {
  id: string;
  /** The user's e-mail, or the admin role name for service-role calls. */
  username: string;
  name?: unknown;
}

export async function audit(
  db: Queryable,
  actor: AuditActor,
  action: AuditAction,
  ip: string,
  traits?: Record<string, unknown>,
): Promise<void> {
  const payload: Record<string, unknown> = {
    actor_id: actor.id,
    actor_username: actor.username,
    actor_via_sso: false,
    action,
    log_type: LOG_TYPE[action],
  };
  if (actor.name !== undefined) payload.actor_name = actor.name;
  if (traits) payload.traits = traits;
  await db.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ($1, $2, $3, now(), $4)`,
    [NIL_UUID, newId(), payload, ip.slice(0, 64)],
  );
}

export const userActor = (u: { id: string; email: string | null; raw_user_meta_data?: Record<string, unknown> | null }): AuditActor => ({
  id: u.id,
  username: u.email ?? '',
  name: u.raw_user_meta_data?.full_name,
});

export const adminActor = (role: string): AuditActor => ({ id: NIL_UUID, username: role });
