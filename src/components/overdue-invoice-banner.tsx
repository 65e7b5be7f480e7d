import { Alert, CloseButton, Link } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** Where the dismissal is kept: for this browser tab's session, per organisation. */
export const OVERDUE_BANNER_KEY = 'accord.overdue-banner-dismissed';

function dismissedFor(organizationId: string): boolean {
  try {
    return sessionStorage.getItem(OVERDUE_BANNER_KEY) === organizationId;
  } catch {
    return false;
  }
}

/**
 * Above every member page while one of the organisation's invoices is overdue
 * (billing_standing's overdue, which plain members may know too: no amounts).
 * Dismissible for the session; it comes back in a new session while the
 * invoice is still overdue.
 */
export function OverdueInvoiceBanner({ organizationId, overdue }: { organizationId: string | null; overdue: boolean | undefined }) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!organizationId || !overdue || dismissed === organizationId || dismissedFor(organizationId)) return null;
  return (
    <Alert.Root status="warning" role="region" aria-label="Overdue invoice" data-testid="overdue-invoice-banner" mb="4">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>An invoice of your organisation is overdue</Alert.Title>
        <Alert.Description>
          Please pay it, or ask your organisation’s admins to.{' '}
          <Link asChild variant="underline">
            <RouterLink to="/dashboard/billing">See billing</RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
      <CloseButton
        size="sm"
        aria-label="Hide this message for now"
        onClick={() => {
          try {
            sessionStorage.setItem(OVERDUE_BANNER_KEY, organizationId);
          } catch {
            // Storage can be unavailable (private mode); hiding for this page view is still right.
          }
          setDismissed(organizationId);
        }}
      />
    </Alert.Root>
  );
}
