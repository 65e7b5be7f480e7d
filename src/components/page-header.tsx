import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The area the page belongs to, above the title: "Back office", "Registry". */
  eyebrow?: string;
  /** The page's one h1. */
  title: ReactNode;
  /** A sentence or two on what the page is for. */
  intro?: ReactNode;
  /** Buttons that act on the whole page ("Invite administrator"), beside the title on wide screens. */
  actions?: ReactNode;
  /** Anything else the header needs under the intro, e.g. a link to a guide. */
  children?: ReactNode;
}

/**
 * The top of every page of the member area and the back office: eyebrow,
 * title, intro and the page's own actions, the same size and spacing
 * everywhere, so pages differ only in what they say.
 */
export function PageHeader({ eyebrow, title, intro, actions, children }: PageHeaderProps) {
  return (
    <Flex gap="4" align={{ base: 'stretch', md: 'end' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
      <Stack gap="3" maxW="3xl">
        {eyebrow ? (
          <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
            {eyebrow}
          </Text>
        ) : null}
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.15">
          {title}
        </Heading>
        {intro ? (
          <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="70ch">
            {intro}
          </Text>
        ) : null}
        {children}
      </Stack>
      {actions ? (
        <Flex gap="2" wrap="wrap" flexShrink={0}>
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}

export interface SectionHeaderProps {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
}

/** The heading of one section of a page (an h2), with its intro and actions; `id` labels the section. */
export function SectionHeader({ id, title, intro, actions }: SectionHeaderProps) {
  return (
    <Flex gap="3" align={{ base: 'stretch', md: 'end' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
      <Stack gap="1">
        <Heading as="h2" size="xl" id={id}>
          {title}
        </Heading>
        {intro ? <Text color="fg.muted">{intro}</Text> : null}
      </Stack>
      {actions}
    </Flex>
  );
}
