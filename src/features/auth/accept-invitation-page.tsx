import { Button, Card, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLayoutEffect } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';

import { MailIcon } from '../../components/icons';
import { usePageDescription } from '../../components/page-meta';
import { ShieldCheckIcon, UserPlusIcon } from '../../components/status-icons';
import { holdInvitationToken, invitationTokenIn } from '../../data/invitations/held-invitation-token';

/** Holds the token for the invitation screen and goes there, replacing this entry of the history. */
function ForwardInvitation({ token }: { token: string }) {
  // A layout effect runs before Navigate's effect: the token is held before the screen looks for it.
  useLayoutEffect(() => holdInvitationToken(token), [token]);
  return <Navigate replace to="/admin/accept-invitation" />;
}

/**
 * /accept-invitation: the public entry for invitation links (spec §2). A link
 * that carries an administrator invitation's token goes straight on to
 * /admin/accept-invitation, the token held by the app rather than copied
 * into the address (decision 027); anyone else is told what the two kinds of
 * invitation are and where each one leads.
 */
export default function AcceptInvitationPage() {
  usePageDescription('Accept an invitation to Accord: where the link in an invitation e-mail takes a new team member or a new administrator of the network.');
  const location = useLocation();
  const token = invitationTokenIn(location.search, location.hash);
  if (token) return <ForwardInvitation token={token} />;

  return (
    <Container maxW="4xl" py={{ base: '10', md: '16' }}>
      <Stack gap="8">
        <Stack gap="4">
          <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
            Invitation
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.15">
            Accept your invitation
          </Heading>
          <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="65ch">
            Invitations to Accord arrive by e-mail. Press the button in that e-mail: it signs you in and takes you to the
            right place. This page does not hold an invitation itself, so here is where each kind of invitation leads.
          </Text>
        </Stack>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Card.Root variant="outline" borderRadius="xl">
            <Card.Body>
              <Stack gap="3" height="full">
                <UserPlusIcon boxSize="8" color="brand.solid" />
                <Heading as="h2" size="lg">
                  Joining your organisation
                </Heading>
                <Text color="fg.muted">
                  A colleague invited you to your organisation's team. The link in their e-mail signs you in and takes you
                  to your member dashboard. Already accepted? Sign in as a member.
                </Text>
                <Button asChild mt="auto" alignSelf="start">
                  <RouterLink to="/login">Member Login</RouterLink>
                </Button>
              </Stack>
            </Card.Body>
          </Card.Root>

          <Card.Root variant="outline" borderRadius="xl">
            <Card.Body>
              <Stack gap="3" height="full">
                <ShieldCheckIcon boxSize="8" color="brand.solid" />
                <Heading as="h2" size="lg">
                  Becoming a network administrator
                </Heading>
                <Text color="fg.muted">
                  A system administrator invited you to run the back office. The e-mail, titled “You're invited to
                  administer Accord”, signs you in and opens the administrator invitation screen, which makes you an
                  administrator. Already an administrator? Use the administrator login.
                </Text>
                <Button asChild variant="outline" mt="auto" alignSelf="start">
                  <RouterLink to="/accord-login">Administrator login</RouterLink>
                </Button>
              </Stack>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>

        <Stack direction="row" gap="3" align="start" color="fg.muted" maxW="65ch">
          <MailIcon boxSize="5" mt="0.5" flexShrink={0} />
          <Text>
            Link expired or already used? Invitations can be used once and expire after a few days. Ask the person who
            invited you to send a new one: a colleague for your organisation, or the network's system administrator for
            the back office.
          </Text>
        </Stack>
      </Stack>
    </Container>
  );
}
