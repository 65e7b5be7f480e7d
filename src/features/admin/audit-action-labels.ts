import { showValue } from '../../components/formats';

/**
 * What each audit-log action means to a person reading the back office. The
 * raw action is shown beside the label, so an action missing here still reads
 * (as its words) and can be filtered on.
 */
export const ACTION_LABELS: Record<string, string> = {
  'application.submitted': 'Application submitted',
  'application.document_submitted': 'Application document added',
  'application.under_review': 'Application taken into review',
  'application.changes_requested': 'Application changes requested',
  'application.changes_submitted': 'Application changes sent',
  'application.reopened': 'Application reopened',
  'application.approved': 'Application approved',
  'application.rejected': 'Application rejected',
  'registry.active': 'Added to the registry',
  'registry.suspended': 'Organisation suspended',
  'registry.revoked': 'Organisation revoked',
  'registry.reinstated': 'Organisation reinstated',
  'organization.updated': 'Organisation details changed',
  'organization.deleted': 'Organisation deleted',
  'organization.verification_schemas_changed': 'Verified schemas changed',
  'verification_schema.created': 'Verification schema added',
  'verification_schema.updated': 'Verification schema draft edited',
  'verification_schema.activated': 'Verification schema activated',
  'verification_schema.deprecated': 'Verification schema deprecated',
  'organization_change.requested': 'Registered facts change requested',
  'organization_change.approved': 'Registered facts change approved',
  'organization_change.declined': 'Registered facts change declined',
  'organization_change.withdrawn': 'Registered facts change withdrawn',
  'organization_member.added': 'Member added',
  'organization_member.removed': 'Member removed',
  'organization_member.left': 'Member left',
  'organization_member.role_changed': 'Member role changed',
  'tenant_invitation.created': 'Colleague invited',
  'tenant_invitation.resent': 'Colleague invitation sent again',
  'tenant_invitation.revoked': 'Colleague invitation revoked',
  'tenant_invitation.accepted': 'Colleague invitation accepted',
  'admin_invitation.sent': 'Administrator invited',
  'admin_invitation.updated': 'Administrator invitation changed',
  'admin_invitation.deleted': 'Administrator invitation deleted',
  'system_admin.granted': 'System administrator access granted',
  'system_admin.updated': 'System administrator access changed',
  'system_admin.revoked': 'System administrator access removed',
  'investor_access.granted': 'Investor access granted',
  'investor_access.changed': 'Investor access changed',
  'investor_access.revoked': 'Investor access removed',
  'investor_request.updated': 'Investor request decided',
  'investor_request.deleted': 'Investor request deleted',
  'stakeholder.granted': 'Stakeholder access granted',
  'stakeholder.updated': 'Stakeholder access changed',
  'stakeholder.revoked': 'Stakeholder access removed',
  // Issue 17: the back office's grant RPCs (decision 059).
  'investor_access.level_changed': 'Investor access level changed',
  'investor_access.expiry_changed': 'Investor access expiry changed',
  'investor_request.declined': 'Investor request declined',
  'stakeholder.invited': 'Stakeholder invited',
  'stakeholder.affiliation_changed': 'Stakeholder affiliation changed',
  'contact_message.updated': 'Contact message updated',
  'contact_message.deleted': 'Contact message deleted',
  'contact_message.answered': 'Contact message answered',
  'contact_message.answer_sent': 'Answer to a contact message e-mailed',
  'contact_message.answer_failed': 'Answer to a contact message not delivered',
  'profile.updated': 'Someone else’s profile changed',
  'account.personal_data_exported': 'Personal data downloaded',
  'published_update.created': 'Update added',
  'published_update.updated': 'Update changed',
  'published_update.deleted': 'Update deleted',
  'published_update.drafted': 'Update drafted',
  'published_update.edited': 'Update edited',
  'published_update.published': 'Update published',
  'published_update.scheduled': 'Update scheduled',
  'published_update.unpublished': 'Update unpublished',
  // Data room (issue 17, D).
  'investor_nda.agreed': 'Non-disclosure agreement accepted',
  'pricing_plan.created': 'Pricing plan added',
  'pricing_plan.updated': 'Pricing plan changed',
  'pricing_plan.deleted': 'Pricing plan deleted',
  'pricing_plan.archived': 'Pricing plan archived',
  'pricing_plan.restored': 'Pricing plan shown again',
  'pricing_plan.moved': 'Pricing plans reordered',
  // Billing (issue 25, decision 069): the organisation is in details, not shown on the member home.
  'billing.seller_settings_saved': 'Seller settings changed',
  'billing.vat_rate_set': 'VAT rate set',
  'billing_profile.saved': 'Billing details changed',
  'billing_profile.vat_id_checked': 'VAT number format checked',
  'membership.started': 'Membership started',
  'membership.plan_change_planned': 'Plan change planned for the next period',
  'membership.plan_changed': 'Plan changed',
  'membership.ended': 'Membership ended',
  'invoice.issued': 'Invoice issued',
  'invoice.sent_again': 'Invoice sent again',
  'credit_note.issued': 'Credit note issued',
  'payment.recorded': 'Payment recorded',
  'payment.refunded': 'Refund recorded',
  'payment.card_started': 'Card payment started',
  'payment.event_refused': 'Payment provider event refused',
  'payment.event_failed': 'Payment provider event failed',
  'payment.webhook_refused': 'Payment provider delivery refused',
  'bank_statement.imported': 'Bank statement imported',
  'bank_statement.confirmed': 'Bank statement payments recorded',
  'database.query_statistics_reset': 'Query statistics reset',
  'database.advisors_requested': 'Database advisors run',
  'database.advisor_acknowledged': 'Database advisor finding acknowledged',
  'database.backup_requested': 'Database backup asked for',
  'database.organisation_exported': 'Organisation data exported',
  'database.organisation_erasure_requested': 'Organisation erasure asked for',
  'database.organisation_erasure_approved': 'Organisation erasure approved',
  'database.organisation_erasure_cancelled': 'Organisation erasure cancelled',
  'database.organisation_erased': 'Organisation data erased',
  'database.restore_drill_requested': 'Restore drill asked for',
  'trust_list.issued': 'Signed trust list published',
  'membership_credential.issued': 'Membership credential issued',
  'ecosystem_solution.created': 'Ecosystem solution added',
  'ecosystem_solution.updated': 'Ecosystem solution changed',
  'ecosystem_solution.deleted': 'Ecosystem solution deleted',
  'conversation.started': 'Conversation started',
  'conversation.assigned': 'Conversation assigned',
  'conversation.unassigned': 'Conversation unassigned',
  'conversation.closed': 'Conversation closed',
  'conversation.reopened': 'Conversation reopened',
  'resource.created': 'Resource for members added',
  'resource.version_added': 'Resource file replaced by a new version',
  'resource.published': 'Resource published to members',
  'resource.unpublished': 'Resource unpublished',
  // Investor content (issue 17, decision 060).
  'investor_folder.created': 'Investor folder added',
  'investor_folder.renamed': 'Investor folder renamed',
  'investor_folder.deleted': 'Investor folder deleted',
  'investor_document.created': 'Investor document added',
  'investor_document.version_added': 'Investor document replaced by a new version',
  'investor_document.updated': 'Investor document details changed',
  'investor_document.deleted': 'Investor document deleted',
  'nda_version.published': 'New NDA version published',
  'investor_update.posted': 'Investor update posted',
  'investor_update.edited': 'Investor update edited',
  'investor_update.deleted': 'Investor update deleted',
};

/** The action filter's choices: a namespace (all its actions) or one action. */
export const ACTION_GROUPS: { value: string; label: string }[] = [
  { value: 'application', label: 'All application actions' },
  { value: 'registry', label: 'All registry status changes' },
  { value: 'organization_change', label: 'All registered facts changes' },
  { value: 'organization_member', label: 'All team changes' },
  { value: 'tenant_invitation', label: 'All colleague invitations' },
  { value: 'admin_invitation', label: 'All administrator invitations' },
];

export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface ChangeLine {
  field: string;
  from: string;
  to: string;
}

/** details.changes as {column: {from, to}} lines; anything else is left out. */
export function changeLines(details: Record<string, unknown>): ChangeLine[] {
  const changes = details.changes;
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) return [];
  return Object.entries(changes as Record<string, unknown>).flatMap(([field, change]) => {
    if (typeof change !== 'object' || change === null) return [];
    const { from, to } = change as { from?: unknown; to?: unknown };
    return [{ field: field.replace(/_/g, ' '), from: showValue(from), to: showValue(to) }];
  });
}
