import { Box, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { AreaNavigation } from '../components/layout/area-navigation';
import { REGISTRY_STATUS } from '../components/organization-labels';
import { OverdueInvoiceBanner } from '../components/overdue-invoice-banner';
import { RegistryStatusBanner } from '../components/registry-status-banner';
import { SecondFactorPrompt } from '../components/second-factor-prompt';
import { StatusBadge } from '../components/status-badge';
import { useBillingStanding } from '../data/billing/get-billing-standing';
import { useUnreadCounts } from '../data/inbox/use-unread-counts';
import { useMyOrganization } from '../data/organizations/use-my-organization';
import { useRegistryOrganization } from '../data/registry/get-registry-organization';
import { useSessionFacts } from '../session/session-context';
import { MAIN_CONTENT_ID } from './app-layout';
import { hasSecondFactor } from '../../machines/access';
import { areaNavigation, type Area } from '../routes/routes';
import { PAGE_CONTENT_ATTRIBUTE, useSkipTarget } from './skip-target';

/** The page inside an area's shell, past its navigation: where "Skip to content" leads there. */
export const AREA_CONTENT_ID = 'area-content';

/** Each area's navigation landmark name. */
export const AREA_LABELS: Record<Area, string> = {
  member: 'Member area',
  admin: 'Back office',
};

/**
 * The shell around every page of an area: the router puts a page whose route
 * has `areaNav` in it, inside the route guard, so nobody sees an area's
 * navigation before the guard has let them in (decision 032).
 */
export function AreaLayout({ area, children }: { area: Area; children: ReactNode }) {
  const unread = useUnreadCounts(area);
  useSkipTarget(AREA_CONTENT_ID);
  return (
    <AreaNavigation
      label={AREA_LABELS[area]}
      sections={areaNavigation(area)}
      header={area === 'member' ? <OrganizationSummary /> : undefined}
      unread={unread}
      contentId={MAIN_CONTENT_ID}
    >
      {/* Focusable so the skip link's jump moves focus here, and the next Tab reaches the page's first control. */}
      <Box id={AREA_CONTENT_ID} tabIndex={-1} outline="none" {...{ [PAGE_CONTENT_ATTRIBUTE]: '' }}>
        {area === 'member' ? <MemberStatusBanner /> : <AdminSecondFactorPrompt />}
        {children}
      </Box>
    </AreaNavigation>
  );
}

/**
 * A suspended or revoked organisation's banner above every member page
 * (decision 034), from the same cached queries as the summary; nothing while
 * the organisation is active or its status is not known yet. Then the
 * overdue-invoice banner (decision 072), from billing_standing.
 */
function MemberStatusBanner() {
  const facts = useSessionFacts();
  const organisation = useMyOrganization(facts.status === 'signedIn' ? facts.userId : null);
  const registry = useRegistryOrganization(organisation.data?.id ?? '');
  const standing = useBillingStanding(organisation.data?.id ?? null);
  return (
    <>
      <RegistryStatusBanner status={registry.data?.status} effectiveFrom={registry.data?.statusEffectiveFrom} />
      <OverdueInvoiceBanner organizationId={organisation.data?.id ?? null} overdue={standing.data?.overdue} />
    </>
  );
}

/** Where an administrator sets up a second factor: the two-factor section of their own settings. */
export const ADMIN_TWO_FACTOR_PATH = '/admin/settings#two-factor';

/** A system administrator without a verified second factor is asked, on every back-office page, to add one. */
export function AdminSecondFactorPrompt() {
  const facts = useSessionFacts();
  if (facts.status !== 'signedIn' || !facts.isSystemAdmin || hasSecondFactor(facts)) return null;
  return <SecondFactorPrompt settingsPath={ADMIN_TWO_FACTOR_PATH} />;
}

/**
 * The member's organisation and its registry status, read with the queries
 * /dashboard uses (cached, so the shell asks once for all ten pages). The
 * dashboard says what went wrong if they fail; the shell just leaves them out.
 */
function OrganizationSummary() {
  const facts = useSessionFacts();
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  const organisation = useMyOrganization(userId);
  const registry = useRegistryOrganization(organisation.data?.id ?? '');
  if (organisation.isLoading) {
    return (
      <Stack gap="2" px="3" role="status" aria-label="Loading your organisation">
        <Skeleton height="5" width="80%" />
        <Skeleton height="4" width="40%" />
      </Stack>
    );
  }
  if (!organisation.data) return null;
  const status = registry.data?.status;
  return (
    <Stack gap="1.5" px="3" align="start">
      <Text textStyle="xs" color="fg.muted">
        Your organisation
      </Text>
      <Text fontWeight="semibold" lineClamp={2}>
        {organisation.data.name}
      </Text>
      {status ? <StatusBadge status={status} map={REGISTRY_STATUS} title="Status in the trust registry" /> : null}
    </Stack>
  );
}
