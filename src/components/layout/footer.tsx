import { Box, Container, Flex, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { CONTACT_EMAIL } from '../contact-link';
import { AccordMark } from '../icons';

type FooterLink = { label: string; to: string } | { label: string; href: string };

const FOOTER_LINKS: readonly FooterLink[] = [
  { label: 'Trust Registry', to: '/trust-registry' },
  { label: 'Contact Us', href: `mailto:${CONTACT_EMAIL}` },
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
                    <Link href={link.href} variant="plain" {...linkStyle}>
                      {link.label}
                    </Link>
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
