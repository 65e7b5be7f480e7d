import { Box, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { LastUpdated, Prose, TableOfContents, type ContentsEntry } from './prose';

export type { ContentsEntry } from './prose';

export interface ContentPageProps {
  /** The page's one h1. */
  title: string;
  /** Short line above the title naming the area, e.g. "Back office". */
  eyebrow?: string;
  /** Opening paragraph, set larger than the body. */
  intro: ReactNode;
  children?: ReactNode;
  /**
   * Long-form body: its h2/h3 headings, paragraphs, lists and links get reading
   * styles (see Prose). Without it the body is plain text at the same measure.
   */
  prose?: boolean;
  /**
   * Sections for an "On this page" list (implies `prose`). Each id must be the
   * id of a heading in the body. Beside the text on wide screens, above it on
   * narrow ones.
   */
  contents?: readonly ContentsEntry[];
  /** ISO date (YYYY-MM-DD) shown under the intro as "Last updated …". */
  lastUpdated?: string;
}

function PageHeader({ title, eyebrow, intro, lastUpdated }: Pick<ContentPageProps, 'title' | 'eyebrow' | 'intro' | 'lastUpdated'>) {
  return (
    <>
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
      {lastUpdated ? <LastUpdated date={lastUpdated} /> : null}
    </>
  );
}

/** The common frame of text pages: eyebrow, title, intro and optional body. */
export function ContentPage({ title, eyebrow, intro, children, prose, contents, lastUpdated }: ContentPageProps) {
  const header = <PageHeader title={title} eyebrow={eyebrow} intro={intro} lastUpdated={lastUpdated} />;

  if (contents) {
    return (
      <Container maxW="6xl" py={{ base: '10', md: '16' }}>
        <Stack gap="5" maxW="4xl">
          {header}
        </Stack>
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 15rem' }}
          gap={{ base: '8', lg: '12' }}
          mt={{ base: '8', md: '10' }}
        >
          {/* First in reading order; beside the text from lg, where it stays in view while reading. */}
          <Box
            gridColumn={{ lg: '2' }}
            gridRow={{ lg: '1' }}
            alignSelf="start"
            position={{ lg: 'sticky' }}
            top={{ lg: '32', xl: '24' }}
          >
            <TableOfContents entries={contents} />
          </Box>
          <Box gridColumn={{ lg: '1' }} gridRow={{ lg: '1' }} minW="0">
            <Prose>{children}</Prose>
          </Box>
        </Grid>
      </Container>
    );
  }

  return (
    <Container maxW="4xl" py={{ base: '10', md: '16' }}>
      <Stack gap="5">
        {header}
        {children && prose ? (
          <Box mt="3">
            <Prose>{children}</Prose>
          </Box>
        ) : children ? (
          <Box maxW="65ch" color="fg" css={{ '& p + p': { marginTop: '4' } }}>
            {children}
          </Box>
        ) : null}
      </Stack>
    </Container>
  );
}
