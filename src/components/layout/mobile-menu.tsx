import { Box, Button, CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { dashboardFor, NavItemLink, type NavBarItem, type NavBarSession } from './nav-links';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets focus back when the menu closes. */
  returnFocusTo: () => HTMLElement | null;
  items: readonly NavBarItem[];
  session: NavBarSession;
  onSignOut: () => void;
}

/** The navigation drawer for narrow screens. Loaded the first time someone opens it. */
export default function MobileMenu({ id, open, onOpenChange, returnFocusTo, items, session, onSignOut }: MobileMenuProps) {
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root
      // The content's id goes through `ids`: the drawer finds its own parts by
      // id, so an id set directly on Drawer.Content breaks Escape and outside clicks.
      ids={{ content: id }}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="end"
      size="xs"
      finalFocusEl={returnFocusTo}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header borderBottomWidth="1px" borderColor="border.muted">
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="4">
              <Stack gap="6">
                <Box as="nav" aria-label="Main">
                  <Stack as="ul" listStyleType="none" gap="1">
                    {items.map((item) => (
                      <Box as="li" key={item.to}>
                        <NavItemLink item={item} onNavigate={close} textStyle="md" />
                      </Box>
                    ))}
                  </Stack>
                </Box>
                <SessionActions session={session} onSignOut={onSignOut} onNavigate={close} />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function SessionActions({
  session,
  onSignOut,
  onNavigate,
}: {
  session: NavBarSession;
  onSignOut: () => void;
  onNavigate: () => void;
}) {
  if (session.status === 'loading') return null;
  if (session.status === 'signedOut') {
    return (
      <Stack gap="3" borderTopWidth="1px" borderColor="border.muted" pt="6">
        <Button asChild>
          <RouterLink to="/onboarding" onClick={onNavigate}>
            Join the Network
          </RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/login" onClick={onNavigate}>
            Member Login
          </RouterLink>
        </Button>
      </Stack>
    );
  }
  const dashboard = dashboardFor(session);
  return (
    <Stack gap="3" borderTopWidth="1px" borderColor="border.muted" pt="6">
      <Box>
        <Text textStyle="sm" color="fg.muted">
          Signed in as
        </Text>
        <Text fontWeight="medium" truncate title={session.email}>
          {session.email}
        </Text>
      </Box>
      <Button asChild>
        <RouterLink to={dashboard.to} onClick={onNavigate}>
          {dashboard.label}
        </RouterLink>
      </Button>
      {session.settingsPath ? (
        <Button asChild variant="outline">
          <RouterLink to={session.settingsPath} onClick={onNavigate}>
            Account settings
          </RouterLink>
        </Button>
      ) : null}
      <Button
        variant="outline"
        onClick={() => {
          onNavigate();
          onSignOut();
        }}
      >
        Sign Out
      </Button>
    </Stack>
  );
}
