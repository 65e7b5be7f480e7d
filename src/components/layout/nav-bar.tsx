import { Box, Button, Container, Flex, IconButton, Link } from '@chakra-ui/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { withFullSystem } from '../../theme/chakra-system';
import { AccordMark, MenuIcon } from '../icons';
import { AccountMenuButtonFace, dashboardFor, NavItemLink, type NavBarItem, type NavBarSession } from './nav-links';

export type { NavBarItem, NavBarSession } from './nav-links';

// The account menu and the mobile drawer bring their own overlay machinery
// (positioning, focus trap, dismissal); visitors who never open them should
// not download it, so both load on demand.
// Menus and drawers are not in the lean first-load system: their loaders bring the full one.
const AccountMenu = lazy(withFullSystem(() => import('./account-menu')));
const MobileMenu = lazy(withFullSystem(() => import('./mobile-menu')));
// Members only: the unread count needs the data layer, which visitors never load.
const NotificationsLink = lazy(withFullSystem(() => import('./notifications-link')));

export interface NavBarProps {
  items: readonly NavBarItem[];
  session: NavBarSession;
  onSignOut: () => void;
}

const MOBILE_MENU_ID = 'mobile-menu';

// Below md: brand and a menu button. From md: the links on a second row under
// brand and actions. From xl, where all of it fits on one line: a single row.
export function NavBar({ items, session, onSignOut }: NavBarProps) {
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border.muted" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex
          align="center"
          gap={{ base: '3', xl: '6' }}
          minH="16"
          wrap={{ base: 'nowrap', md: 'wrap', xl: 'nowrap' }}
          py={{ base: '2', md: '3', xl: '2' }}
          rowGap="2"
        >
          <Brand />
          <Box
            as="nav"
            aria-label="Main"
            hideBelow="md"
            order={{ md: 3, xl: 2 }}
            flexBasis={{ md: 'full', xl: 'auto' }}
            flex={{ xl: '1' }}
          >
            <Flex as="ul" listStyleType="none" gap="1" wrap="wrap" justify={{ xl: 'center' }}>
              {items.map((item) => (
                <Box as="li" key={item.to}>
                  <NavItemLink item={item} />
                </Box>
              ))}
            </Flex>
          </Box>
          <Flex order={{ md: 2, xl: 3 }} ms="auto" gap="2" align="center" flexShrink={0}>
            {/* One bell at every width: its count is one query and one live channel. */}
            {session.status === 'signedIn' && session.notificationsUserId ? (
              <Suspense fallback={<Box boxSize="8" aria-hidden="true" />}>
                <NotificationsLink userId={session.notificationsUserId} />
              </Suspense>
            ) : null}
            <Flex hideBelow="md" gap="2" align="center">
              <SessionActions session={session} onSignOut={onSignOut} />
            </Flex>
            <Box hideFrom="md">
              <MobileMenuButton items={items} session={session} onSignOut={onSignOut} />
            </Box>
          </Flex>
        </Flex>
      </Container>
    </Box>
  );
}

function Brand() {
  return (
    <Link
      asChild
      variant="plain"
      display="inline-flex"
      alignItems="center"
      gap="2.5"
      fontWeight="bold"
      fontSize="xl"
      letterSpacing="tight"
      color="fg"
      _hover={{ textDecoration: 'none', color: 'brand.fg' }}
      flexShrink={0}
    >
      <RouterLink to="/" aria-label="Accord home">
        <AccordMark boxSize="8" />
        <span>Accord</span>
      </RouterLink>
    </Link>
  );
}

function SessionActions({ session, onSignOut }: Pick<NavBarProps, 'session' | 'onSignOut'>) {
  if (session.status === 'loading') {
    // Holds the space the buttons will take, so the bar does not jump when the session is known.
    return <Box w="56" h="9" aria-hidden="true" />;
  }
  if (session.status === 'signedOut') {
    return (
      <>
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/login">Member Login</RouterLink>
        </Button>
        <Button asChild size="sm">
          <RouterLink to="/onboarding">Join the Network</RouterLink>
        </Button>
      </>
    );
  }
  const dashboard = dashboardFor(session);
  return (
    <>
      <Button asChild size="sm">
        <RouterLink to={dashboard.to}>{dashboard.label}</RouterLink>
      </Button>
      <Suspense
        fallback={
          <Button variant="ghost" size="sm" px="1.5" gap="1" aria-label="Account menu" disabled>
            <AccountMenuButtonFace email={session.email} />
          </Button>
        }
      >
        <AccountMenu email={session.email} settingsPath={session.settingsPath ?? null} onSignOut={onSignOut} />
      </Suspense>
    </>
  );
}

function MobileMenuButton({ items, session, onSignOut }: NavBarProps) {
  const [open, setOpen] = useState(false);
  // Stays mounted after the first opening so the closing animation can play.
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={button}
        variant="ghost"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? MOBILE_MENU_ID : undefined}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuIcon boxSize="6" />
      </IconButton>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={MOBILE_MENU_ID}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={() => button.current}
            items={items}
            session={session}
            onSignOut={onSignOut}
          />
        </Suspense>
      ) : null}
    </>
  );
}
