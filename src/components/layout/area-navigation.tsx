import { Badge, Box, Button, CloseButton, Drawer, Flex, Icon, Link, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';

import type { AreaNavSection, UnreadSlot } from '../../routes/routes';
import { MenuIcon } from '../icons';
import { AREA_NAV_ICONS } from './area-nav-icons';

/** How many unread items each slot has; a slot without a number shows nothing. */
export type UnreadCounts = Partial<Record<UnreadSlot, number>>;

export interface AreaNavigationProps {
  /** The navigation landmark's name: "Member area", "Back office". */
  label: string;
  /** The area's sections in order, each with its pages (areaNavigation() from the route table). */
  sections: readonly AreaNavSection[];
  /** Shown above the links, in the side column and in the drawer (the member area's organisation). */
  header?: ReactNode;
  unread?: UnreadCounts;
  /** The element that gets focus after a page is chosen in the drawer (the app's <main>). */
  contentId?: string;
  /** The page. */
  children: ReactNode;
}

/**
 * An area's page with its side navigation (decision 032). From 768 px the
 * navigation is a column beside the page; below, it is a drawer opened from a
 * button above the page. Both are the same list, built from the route table.
 */
export function AreaNavigation({ label, sections, header, unread = {}, contentId, children }: AreaNavigationProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // Set when a link in the drawer was followed: focus then goes to the new
  // page (as after any navigation), not back to the menu button.
  const navigated = useRef(false);
  const drawerId = useId();
  const { pathname } = useLocation();

  // The shell stays mounted from page to page of its area, so the drawer
  // closes itself when the page changes, however the change came about.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  const focusAfterClose = () => {
    const target = navigated.current && contentId ? document.getElementById(contentId) : trigger.current;
    navigated.current = false;
    return target;
  };

  return (
    <Flex direction={{ base: 'column', md: 'row' }} align="stretch" minH="full">
      <Box
        as="aside"
        hideBelow="md"
        w="64"
        flexShrink={0}
        borderEndWidth="1px"
        borderColor="border.muted"
        bg="bg.subtle"
      >
        {/* Not sticky: the public header above is, and its height changes as it wraps. */}
        <Stack gap="6" px="4" py="6">
          {header}
          <AreaNavList label={label} sections={sections} unread={unread} />
        </Stack>
      </Box>

      <Flex hideFrom="md" px="4" py="2" borderBottomWidth="1px" borderColor="border.muted" bg="bg.subtle">
        <Button
          ref={trigger}
          variant="outline"
          size="sm"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? drawerId : undefined}
          onClick={() => setOpen(true)}
        >
          <MenuIcon />
          {label} menu
        </Button>
      </Flex>
      <Drawer.Root
        ids={{ content: drawerId }}
        open={open}
        onOpenChange={(details) => setOpen(details.open)}
        placement="start"
        size="xs"
        lazyMount
        unmountOnExit
        finalFocusEl={focusAfterClose}
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header borderBottomWidth="1px" borderColor="border.muted">
                <Drawer.Title>{label}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body py="4">
                <Stack gap="6">
                  {header}
                  <AreaNavList
                    label={label}
                    sections={sections}
                    unread={unread}
                    onNavigate={() => {
                      navigated.current = true;
                      setOpen(false);
                    }}
                  />
                </Stack>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <Box flex="1" minW="0">
        {children}
      </Box>
    </Flex>
  );
}

function AreaNavList({
  label,
  sections,
  unread,
  onNavigate,
}: {
  label: string;
  sections: readonly AreaNavSection[];
  unread: UnreadCounts;
  onNavigate?: () => void;
}) {
  const idPrefix = useId();
  return (
    <Box as="nav" aria-label={label}>
      <Stack gap="5">
        {sections.map(({ section, items }, index) => {
          const headingId = `${idPrefix}-${index}`;
          return (
            // Section names label their lists rather than being headings, so
            // the page's own headings stay the only outline on the page.
            <Box key={section}>
              <Text
                id={headingId}
                px="3"
                pb="1"
                textStyle="xs"
                fontWeight="semibold"
                letterSpacing="wide"
                textTransform="uppercase"
                color="fg.muted"
              >
                {section}
              </Text>
              <Stack as="ul" listStyleType="none" gap="0.5" aria-labelledby={headingId}>
                {items.map((item) => (
                  <Box as="li" key={item.to}>
                    <Link
                      asChild
                      variant="plain"
                      display="flex"
                      alignItems="center"
                      gap="3"
                      px="3"
                      py="2"
                      rounded="l2"
                      textStyle="sm"
                      fontWeight="medium"
                      color="fg.muted"
                      _hover={{ color: 'fg', bg: 'bg.muted', textDecoration: 'none' }}
                      _currentPage={{ color: 'brand.fg', bg: 'brand.subtle' }}
                    >
                      {/* end: every item is one page, so /dashboard is not current on /dashboard/members. */}
                      <NavLink to={item.to} end onClick={onNavigate}>
                        <Icon as={AREA_NAV_ICONS[item.icon]} boxSize="4" flexShrink={0} />
                        <Box as="span" flex="1">
                          {item.label}
                        </Box>
                        {item.unread ? <UnreadBadge count={unread[item.unread]} /> : null}
                      </NavLink>
                    </Link>
                  </Box>
                ))}
              </Stack>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

/** The unread-count slot: nothing until there is a number to show. */
function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Badge colorPalette="brand" variant="solid" size="sm" rounded="full">
      {count > 99 ? '99+' : count}
      <VisuallyHidden> unread</VisuallyHidden>
    </Badge>
  );
}
