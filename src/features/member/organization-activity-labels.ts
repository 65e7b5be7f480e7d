import type { ActivityEntry } from '../../data/member-home/list-organization-activity';

const ACTIONS: Record<string, string> = {
  'application.submitted': 'Application submitted',
  'application.under_review': 'Application taken up for review',
  'application.changes_requested': 'Changes to the application requested',
  'application.changes_submitted': 'Changes to the application sent',
  'application.document_submitted': 'Document added to the application',
  'application.reopened': 'Application reopened',
  'application.approved': 'Application approved',
  'application.rejected': 'Application not approved',
  'registry.active': 'Active in the trust registry',
  'registry.suspended': 'Suspended in the trust registry',
  'registry.revoked': 'Revoked from the trust registry',
  'registry.reinstated': 'Reinstated in the trust registry',
  'organization_change.requested': 'Change to registered details requested',
  'organization_change.approved': 'Change to registered details approved',
  'organization_change.declined': 'Change to registered details declined',
  'organization_change.withdrawn': 'Change to registered details withdrawn',
  'tenant_invitation.created': 'Colleague invited',
  'tenant_invitation.resent': 'Invitation sent again',
  'tenant_invitation.revoked': 'Invitation withdrawn',
  'tenant_invitation.accepted': 'Colleague joined',
  'organization_member.added': 'Colleague added',
  'organization_member.role_changed': 'Role changed',
  'organization_member.removed': 'Colleague removed',
  'organization_member.left': 'Colleague left',
  'organization.updated': 'Details updated',
  'organization.verification_schemas_changed': 'Verified schemas changed',
  'organization.deleted': 'Organisation deleted',
  'conversation.started': 'Conversation with the network started',
  'conversation.assigned': 'Conversation given to a network administrator',
  'conversation.unassigned': 'Conversation waiting for a network administrator',
  'conversation.closed': 'Conversation closed by the network',
  'conversation.reopened': 'Conversation reopened',
};

/** Every action with a member-facing name (the guard test checks each one an organisation can see has one). */
export const MEMBER_ACTIONS: readonly string[] = Object.keys(ACTIONS);

/** A readable name for an audit action; unknown ones read as their words ("logo.replaced" → "Logo replaced"). */
export function activityLabel(entry: Pick<ActivityEntry, 'action'>): string {
  const known = ACTIONS[entry.action];
  if (known) return known;
  const words = entry.action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
