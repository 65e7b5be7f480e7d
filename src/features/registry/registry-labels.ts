import { formatLongDate } from '../../components/formats';
import { STATUS_LABELS } from '../../components/organization-labels';
import type { RegistryStatus, RegistryStatusChange } from '../../data/registry/types';

/** What each status means for someone relying on the organisation's verifications. */
export const STATUS_MEANINGS: Record<RegistryStatus, string> = {
  active: 'A member in good standing. Its verifications are accepted across the network.',
  suspended: 'Temporarily not trusted while a problem is put right. Do not rely on verifications it makes now.',
  revoked: 'No longer a member. Verifications it makes are not accepted by the network.',
};

/** "3 June 2026". Registry dates are UTC days, as registry_status_on counts them. */
export function formatRegistryDate(iso: string | null): string {
  if (!iso) return '—';
  return formatLongDate(new Date(iso)) || '—';
}

/** "Active since 3 June 2026", "Revoked on 2 November 2026". */
export function statusSince(status: RegistryStatus, effectiveFrom: string): string {
  return status === 'revoked'
    ? `Revoked on ${formatRegistryDate(effectiveFrom)}`
    : `${STATUS_LABELS[status]} since ${formatRegistryDate(effectiveFrom)}`;
}

/** What a change in the history was: an approval, a reinstatement, a suspension… */
export function describeChange(change: RegistryStatusChange, previous: RegistryStatusChange | undefined): string {
  if (change.status === 'suspended') return 'Suspended';
  if (change.status === 'revoked') return 'Membership revoked';
  if (previous?.status === 'suspended') return 'Reinstated';
  if (previous?.status === 'revoked') return 'Approved again after a new application';
  return 'Approved and listed in the registry';
}

/** Up to two initials of the name's significant words: "Northwind Learning Trust" → "NL". */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word) && !/^(of|the|and|for|de|la|le|van|der|und)$/i.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toLocaleUpperCase('en-GB'))
    .join('');
}

/**
 * A mailto: address for the contact e-mail. The one e-mail rule allows ? & #
 * in an address, which in a mailto: URL would start headers (a prefilled body,
 * a copy to someone else): each side of the @ is percent-encoded so the link
 * writes to exactly the address shown.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@');
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
