import type { MemberHome } from '../../data/member-home/get-member-home';

export interface AttentionItem {
  id: string;
  text: string;
  /** Where it is put right. */
  href: string;
  action: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Needs your attention", from the organisation's own data, most pressing first. */
export function attentionItems(home: MemberHome, now: Date = new Date()): AttentionItem[] {
  const items: AttentionItem[] = [];
  const request = home.changeRequest;
  if (request?.status === 'declined') {
    items.push({
      id: 'change-declined',
      text: `Your request to change the registered details was declined${request.decisionReason ? `: ${request.decisionReason}` : '.'}`,
      href: '/dashboard/organization-details',
      action: 'Review details',
    });
  } else if (request?.status === 'pending') {
    items.push({
      id: 'change-pending',
      text: 'Your request to change the registered details is waiting for a system administrator.',
      href: '/dashboard/organization-details',
      action: 'See the request',
    });
  }
  for (const invitation of home.expiringInvitations) {
    const hours = Math.max(1, Math.round((new Date(invitation.expiresAt).getTime() - now.getTime()) / (60 * 60 * 1000)));
    items.push({
      id: `expiring-${invitation.email}`,
      text: `The invitation to ${invitation.email} expires in ${hours} hour${hours === 1 ? '' : 's'}.`,
      href: '/dashboard/members',
      action: 'Resend',
    });
  }
  const waiting = home.pendingInvitations - home.expiringInvitations.length;
  if (waiting > 0 && home.oldestPendingInvitation && now.getTime() - new Date(home.oldestPendingInvitation).getTime() >= DAY_MS) {
    items.push({
      id: 'not-joined',
      text: waiting === 1 ? 'A colleague you invited has not joined yet.' : `${waiting} colleagues you invited have not joined yet.`,
      href: '/dashboard/members',
      action: 'See the team',
    });
  }
  if (!home.hasLogo) {
    items.push({ id: 'no-logo', text: 'Your organisation has no logo yet.', href: '/dashboard/organization-details', action: 'Add a logo' });
  }
  if (!home.hasWebsite) {
    items.push({ id: 'no-website', text: 'Your organisation has no website on record.', href: '/dashboard/organization-details', action: 'Add a website' });
  }
  return items;
}
