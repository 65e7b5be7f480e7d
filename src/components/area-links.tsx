import { Flex, Link } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';

import { useSessionFacts } from '../session/session-context';

export interface AreaLink {
  to: string;
  label: string;
}

/**
 * The investor's and the stakeholder's pages, linked from each of them. These
 * areas have two or three pages, too few for the side navigation the member
 * area and the back office have; without these links a data-room investor
 * could reach the data room only by typing its address. NavLink marks the
 * page being shown with aria-current="page".
 */
export function AreaLinks({ label, links }: { label: string; links: readonly AreaLink[] }) {
  return (
    <Flex as="nav" aria-label={label} gap={{ base: '1', md: '2' }} wrap="wrap" borderBottomWidth="1px" pb="2">
      {links.map((link) => (
        <Link
          key={link.to}
          asChild
          px="3"
          py="2"
          rounded="md"
          fontWeight="medium"
          color="fg.muted"
          textDecoration="none"
          _hover={{ bg: 'bg.muted', color: 'fg' }}
          css={{ '&[aria-current=page]': { color: 'brand.fg', bg: 'brand.subtle' } }}
        >
          <NavLink to={link.to} end>
            {link.label}
          </NavLink>
        </Link>
      ))}
    </Flex>
  );
}

/** The investor area's pages the signed-in investor may open: the data room only with that level. */
export function InvestorAreaLinks() {
  const facts = useSessionFacts();
  const level = facts.status === 'signedIn' ? facts.investorLevel : null;
  const links: AreaLink[] = [{ to: '/investor/dashboard', label: 'Dashboard' }];
  if (level === 'data_room') links.push({ to: '/investor/data-room', label: 'Data room' });
  links.push({ to: '/investor/settings', label: 'Account settings' });
  return <AreaLinks label="Investor area" links={links} />;
}

export const STAKEHOLDER_LINKS: readonly AreaLink[] = [
  { to: '/stakeholder/dashboard', label: 'Dashboard' },
  { to: '/stakeholder/analytics', label: 'Analytics' },
  { to: '/stakeholder/settings', label: 'Account settings' },
];

export function StakeholderAreaLinks() {
  return <AreaLinks label="Stakeholder area" links={STAKEHOLDER_LINKS} />;
}
