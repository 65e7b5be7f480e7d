import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ContentPageProps {
  /** The page's one h1. */
  title: string;
  /** Short line above the title naming the area, e.g. "Back office". */
  eyebrow?: string;
  /** Opening paragraph, set larger than the body. */
  intro: ReactNode;
  children?: ReactNode;
}

/** The common frame of text pages: eyebrow, title, intro and optional body. */
export function ContentPage({ title, eyebrow, intro, children }: ContentPageProps) {
  return (
    <Container maxW="4xl" py={{ base: '10', md: '16' }}>
      <Stack gap="5">
        {eyebrow ? (
          <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
            {eyebrow}
          </Text>
        ) : null}
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }} color="fg" lineHeight="1.15">
          {title}
        </Heading>
        <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="65ch">
          {intro}
        </Text>
        {children ? (
          <Box maxW="65ch" color="fg" css={{ '& p + p': { marginTop: '4' } }}>
            {children}
          </Box>
        ) : null}
      </Stack>
    </Container>
  );
}
