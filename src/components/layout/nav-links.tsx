import { Flex, Link } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';

import { ChevronDownIcon } from '../icons';

export interface NavBarItem {
  label: string;
  to: string;
}

/** What the nav bar needs to know about the visitor; see `useSessionFacts`. */
export type NavBarSession =
  | { status: 'signedOut' }
  | { status: 'loading' }
  | {
      status: 'signedIn';
      email: string;
      isSystemAdmin: boolean;
      /** This person's account settings page (routes.ts accountSettingsPathFor), if they have one yet. */
      settingsPath?: string | null;
      /** A member's id, for the header's notifications bell (decision 049); absent for others. */
      notificationsUserId?: string | null;
    };

/** Spec §2: system admins get the Admin Dashboard button, everyone else the Member Dashboard. */
export function dashboardFor(session: { isSystemAdmin: boolean }): NavBarItem {
  return session.isSystemAdmin
    ? { label: 'Admin Dashboard', to: '/admin/dashboard' }
    : { label: 'Member Dashboard', to: '/dashboard' };
}

export function NavItemLink({
  item,
  onNavigate,
  textStyle = 'sm',
}: {
  item: NavBarItem;
  onNavigate?: () => void;
  textStyle?: 'sm' | 'md';
}) {
  return (
    <Link
      asChild
      variant="plain"
      display="block"
      px="3"
      py="2"
      rounded="l2"
      fontWeight="medium"
      textStyle={textStyle}
      color="fg.muted"
      whiteSpace="nowrap"
      _hover={{ color: 'fg', bg: 'bg.muted', textDecoration: 'none' }}
      _currentPage={{ color: 'brand.fg', bg: 'brand.subtle' }}
    >
      <NavLink to={item.to} end={item.to === '/'} onClick={onNavigate}>
        {item.label}
      </NavLink>
    </Link>
  );
}

/** The account button's face: the user's initial and a chevron. */
export function AccountMenuButtonFace({ email }: { email: string }) {
  const initial = email.trim().charAt(0).toUpperCase() || '?';
  return (
    <>
      <Flex
        as="span"
        aria-hidden="true"
        boxSize="7"
        rounded="full"
        bg="brand.muted"
        color="brand.fg"
        align="center"
        justify="center"
        fontWeight="semibold"
        textStyle="sm"
      >
        {initial}
      </Flex>
      <ChevronDownIcon boxSize="4" color="fg.muted" />
    </>
  );
}
