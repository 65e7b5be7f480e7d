import type { ActivityEntry } from '../../data/member-home/list-organization-activity';

const ACTIONS: Record<string, string> = {
  'application.submitted': 'Application submitted',
  'application.under_review': 'Application taken up for review',
  'application.changes_requested': 'Changes to the application requested',
  'application.changes_submitted': 'Changes to the application sent',
  'application.approved': 'Application approved',
  'application.rejected': 'Application not approved',
  'registry.active': 'Active in the trust registry',
  'registry.suspended': 'Suspended in the trust registry',
  'registry.revoked': 'Revoked from the trust registry',
  'tenant_invitation.created': 'Colleague invited',
  'tenant_invitation.resent': 'Invitation sent again',
  'tenant_invitation.revoked': 'Invitation withdrawn',
  'tenant_invitation.accepted': 'Colleague joined',
  'organization_member.role_changed': 'Role changed',
  'organization_member.removed': 'Colleague removed',
  'organization_member.left': 'Colleague left',
  'organization.updated': 'Details updated',
};

/** A readable name for an audit action; unknown ones read as their words ("logo.replaced" → "Logo replaced"). */
export function activityLabel(entry: Pick<ActivityEntry, 'action'>): string {
  const known = ACTIONS[entry.action];
  if (known) return known;
  const words = entry.action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
