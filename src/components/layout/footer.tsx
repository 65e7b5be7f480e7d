import { Box, Container, Flex, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { useCallback, useRef, useState, type ComponentType, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { withFullSystem } from '../../theme/chakra-system';
import type { ContactDialogHostProps } from '../contact/contact-dialog-host';
import { CONTACT_EMAIL } from '../contact-link';
import { AccordMark } from '../icons';

type FooterLink = { label: string; to: string } | { label: 'Contact Us' };

const FOOTER_LINKS: readonly FooterLink[] = [
  { label: 'Trust Registry', to: '/trust-registry' },
  { label: 'Contact Us' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'API Guide', to: '/api-guide' },
  { label: 'Ecosystem', to: '/ecosystem' },
];

const linkStyle = {
  color: 'fg.muted',
  textStyle: 'sm',
  _hover: { color: 'fg', textDecoration: 'underline' },
} as const;

// One import for prefetching and opening: the module is fetched once either way.
type Host = ComponentType<ContactDialogHostProps>;
let hostModule: Promise<{ default: Host }> | null = null;
function loadContactDialog() {
  // The dialog's styles are in the full Chakra system, not in the first load's.
  hostModule ??= withFullSystem(() => import('../contact/contact-dialog-host'))().catch((error: unknown) => {
    hostModule = null; // a later try may succeed (the connection came back)
    throw error;
  });
  return hostModule;
}

/**
 * Contact Us: a mailto link that, once the page's script runs, opens the
 * contact form in a dialog instead. The dialog's code is fetched when the
 * person shows intent (pointer over or focus on the link) or at the latest on
 * the click, never in the first load. If it cannot be fetched, the link does
 * what it says and opens the mail program.
 */
function ContactUsLink() {
  const link = useRef<HTMLAnchorElement>(null);
  const [DialogHost, setDialogHost] = useState<Host | null>(null);
  const [request, setRequest] = useState(0);

  const openDialog = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window, or a middle click: let the browser open the mailto as asked.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    loadContactDialog().then(
      (module) => {
        setDialogHost(() => module.default);
        setRequest((count) => count + 1);
      },
      () => {
        window.location.href = `mailto:${CONTACT_EMAIL}`;
      },
    );
  };
  const prefetch = () => {
    loadContactDialog().catch(() => undefined);
  };
  const returnFocusTo = useCallback(() => link.current, []);

  return (
    <>
      <Link
        ref={link}
        href={`mailto:${CONTACT_EMAIL}`}
        aria-haspopup="dialog"
        onClick={openDialog}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        variant="plain"
        {...linkStyle}
      >
        Contact Us
      </Link>
      {DialogHost ? <DialogHost request={request} returnFocusTo={returnFocusTo} /> : null}
    </>
  );
}

export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <Box as="footer" bg="bg.subtle" borderTopWidth="1px" borderColor="border.muted" mt="auto">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '12' }}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '8', md: '12' }}>
          <Flex direction="column" gap="3" maxW="md">
            <Flex align="center" gap="2" fontWeight="bold" fontSize="lg">
              <AccordMark boxSize="6" />
              <span>Accord</span>
            </Flex>
            <Text textStyle="sm" color="fg.muted">
              Accord is the trust and acceptance network for organisations that verify identities and documents.
              Members follow one trust framework, so a check made by one member can be accepted by the others, in
              person and online.
            </Text>
          </Flex>
          <Box as="nav" aria-label="Footer">
            <SimpleGrid as="ul" listStyleType="none" columns={2} gapX="6" gapY="3" justifySelf={{ md: 'end' }}>
              {FOOTER_LINKS.map((link) => (
                <Box as="li" key={link.label}>
                  {'to' in link ? (
                    <Link asChild variant="plain" {...linkStyle}>
                      <RouterLink to={link.to}>{link.label}</RouterLink>
                    </Link>
                  ) : (
                    <ContactUsLink />
                  )}
                </Box>
              ))}
            </SimpleGrid>
          </Box>
        </SimpleGrid>
        <Text textStyle="xs" color="fg.muted" mt="10" pt="6" borderTopWidth="1px" borderColor="border.muted">
          © {year} Accord. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
