import { Box, Container, Stack } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';

import { InvestorAreaLinks, StakeholderAreaLinks } from '../../components/area-links';
import { PageHeader } from '../../components/page-header';
import { supabase, type AccordClient } from '../../data/client';
import { useSessionFacts } from '../../session/session-context';
import { AccountSection } from './account-section';
import { EmailSection } from './email-section';
import { IdentitiesSection } from './identities-section';
import { NotificationsSection } from './notifications-section';
import { PersonalDataSection } from './personal-data-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

/**
 * Account settings, the same page in every signed-in area (/dashboard/settings,
 * /admin/settings, /investor/settings, /stakeholder/settings; decision 042):
 * what belongs to the person, not to an organisation or a role.
 */
export default function SettingsPage({ client = supabase }: { client?: AccordClient }) {
  const facts = useSessionFacts();
  // The route guard lets only a signed-in person with facts in.
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  const account = facts.status === 'signedIn' ? { id: facts.userId, email: facts.email } : null;
  // Notifications are about an organisation's events: members of one get them, the other roles none (decision 049).
  const receivesNotifications = facts.status === 'signedIn' && !facts.isSystemAdmin && facts.approval === 'approved';
  // Investors and stakeholders have no side navigation: their area's links lead back from here (the member area and back office have theirs).
  const { pathname } = useLocation();
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Stack gap="10">
        {pathname.startsWith('/investor/') ? <InvestorAreaLinks /> : null}
        {pathname.startsWith('/stakeholder/') ? <StakeholderAreaLinks /> : null}
        <PageHeader
          eyebrow="Your account"
          title="Account settings"
          intro="Your name, your e-mail address and how you sign in. These are yours wherever you use Accord."
        />
        <AccountSection id="profile" title="Profile">
          {userId ? <ProfileSection userId={userId} client={client} /> : null}
        </AccountSection>
        <AccountSection id="email" title="E-mail address">
          <EmailSection client={client} />
        </AccountSection>
        {/* The section draws its own heading (id two-factor, which the administrators' prompt links to). */}
        <Box borderTopWidth="1px" borderColor="border.muted" pt="6" scrollMarginTop="20">
          <TwoFactorSection client={client} />
        </Box>
        {userId && receivesNotifications ? (
          <AccountSection
            id="notifications"
            title="Notifications"
            intro="Every notification is listed on your notifications page. Choose which ones also come to you by e-mail."
          >
            <NotificationsSection userId={userId} client={client} />
          </AccountSection>
        ) : null}
        <AccountSection id="sessions" title="Active sessions" intro="Where your account is signed in now.">
          <SessionsSection client={client} />
        </AccountSection>
        <AccountSection id="identities" title="Linked identities" intro="The ways you can sign in to this account.">
          <IdentitiesSection account={account} client={client} />
        </AccountSection>
        <AccountSection
          id="personal-data"
          title="Your data"
          intro="Download everything the network holds about you: your profile, memberships, the messages you wrote, your sessions and the activity about you, as one JSON file."
        >
          <PersonalDataSection client={client} />
        </AccountSection>
      </Stack>
    </Container>
  );
}
