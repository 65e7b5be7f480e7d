import { Alert } from '@chakra-ui/react';

import type { RegistryStatus } from '../data/registry/types';
import { ContactLink } from './contact-link';
import { formatLongDate } from './formats';

export interface RegistryStatusBannerProps {
  /** The organisation's registry status; nothing is shown unless suspended or revoked. */
  status: RegistryStatus | null | undefined;
  /** When the status took effect (registry_entries.effective_from). */
  effectiveFrom: string | null | undefined;
}

/**
 * Tells a member of a suspended or revoked organisation where it stands, since
 * when and what to do (decision 034). Meant for the top of every member page:
 * it renders nothing for an active organisation or while the status is unknown.
 */
export function RegistryStatusBanner({ status, effectiveFrom }: RegistryStatusBannerProps) {
  if (status !== 'suspended' && status !== 'revoked') return null;
  const since = effectiveFrom ? formatLongDate(new Date(effectiveFrom)) : '';
  const suspended = status === 'suspended';
  return (
    <Alert.Root status={suspended ? 'warning' : 'error'} role="alert" data-testid="registry-status-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {suspended ? 'Your organisation is suspended' : 'Your organisation’s membership is revoked'}
          {since ? ` since ${since}` : ''}
        </Alert.Title>
        <Alert.Description>
          {suspended
            ? 'The trust registry shows it as suspended, so its verifications are not relied on and no new colleagues can be invited until it is reinstated. '
            : 'The trust registry shows it as revoked: its verifications are no longer accepted and no new colleagues can be invited. Returning takes a new application. '}
          To put things right, contact the network at <ContactLink />.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
