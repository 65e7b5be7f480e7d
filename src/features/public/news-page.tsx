import { Box, Button, Card, Container, Flex, Heading, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { usePageDescription } from '../../components/page-meta';
import { EmptyMessage, ErrorState } from '../../components/query-states';
import { useUpdate } from '../../data/content/get-update';
import { useUpdates } from '../../data/content/list-updates';
import { BackLink } from './back-link';
import { CoverImage, Dateline, updateHref, UpdateArticle } from '../../components/update-article/update-article';
import { ArticleSkeleton, CardSkeletons } from './content-skeletons';
import { useDocumentTitle } from './use-document-title';
import { useFocusOnChange } from './use-focus-on-change';

function UpdateList() {
  const { data: updates, error, isLoading, mutate } = useUpdates();
  if (error) {
    return <ErrorState title="The updates could not be loaded" message={(error as Error).message} onRetry={() => void mutate()} />;
  }
  if (isLoading || !updates) return <CardSkeletons count={3} label="Loading the updates…" columns={1} />;
  if (updates.length === 0) {
    return (
      <EmptyMessage title="No updates have been published yet">
        News about the network, the trust framework and new members will appear here.
      </EmptyMessage>
    );
  }
  return (
    <Stack as="ol" listStyleType="none" gap="5" aria-label="Updates, newest first">
      {updates.map((update) => (
        <LinkBox as="li" key={update.id}>
          <Card.Root as="article" aria-labelledby={`update-${update.slug}`} borderRadius="xl" overflow="hidden" _hover={{ borderColor: 'brand.emphasized' }}>
            <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '0', md: '2' }} align={{ md: 'center' }}>
            {update.cover ? (
              <Box w={{ base: 'full', md: '16rem' }} flexShrink={0} p={{ base: '0', md: '4' }} pe={{ md: '0' }}>
                <CoverImage cover={update.cover} borderRadius={{ base: '0', md: 'lg' }} />
              </Box>
            ) : null}
            <Card.Body gap="3" p={{ base: '4', md: '6' }} minW="0">
              <Dateline update={update} />
              <Heading as="h2" id={`update-${update.slug}`} size={{ base: 'lg', md: 'xl' }}>
                <LinkOverlay asChild>
                  <RouterLink to={updateHref(update.slug)}>{update.title}</RouterLink>
                </LinkOverlay>
              </Heading>
              <Text color="fg.muted">{update.summary}</Text>
              <Text color="brand.fg" fontWeight="medium" textStyle="sm" aria-hidden="true">
                Read the update →
              </Text>
            </Card.Body>
            </Flex>
          </Card.Root>
        </LinkBox>
      ))}
    </Stack>
  );
}

function ListView() {
  usePageDescription(
    'News from the Accord trust network: new members and sectors, trust framework versions, the registry API, security and cross-border pilots.',
  );
  return (
    <Stack gap={{ base: '8', md: '10' }}>
      <Stack gap="4" maxW="3xl">
        <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
          News
        </Text>
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15" letterSpacing="tight">
          Updates
        </Heading>
        <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted">
          News from the Accord network: organisations joining, new versions of the trust framework, pilots and
          improvements to the service that members and the organisations relying on them should know about.
        </Text>
      </Stack>
      <UpdateList />
    </Stack>
  );
}

function UpdateView({ slug }: { slug: string }) {
  const { data: update, error, isLoading, mutate } = useUpdate(slug);
  useDocumentTitle(update === null ? 'Update not found' : (update?.title ?? null));
  usePageDescription(update?.summary ?? 'An update from the Accord trust network.');

  let content;
  if (error) {
    content = (
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Updates
        </Heading>
        <ErrorState title="This update could not be loaded" message={(error as Error).message} onRetry={() => void mutate()} />
      </Stack>
    );
  } else if (isLoading || update === undefined) {
    content = (
      <>
        <Heading as="h1" srOnly>
          Loading the update
        </Heading>
        <ArticleSkeleton label="Loading the update…" />
      </>
    );
  } else if (update === null) {
    content = (
      <Stack gap="4" align="flex-start">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Update not found
        </Heading>
        <Text color="fg.muted" maxW="60ch">
          There is no published update at this address. It may have been renamed or withdrawn, or the link may be
          incomplete.
        </Text>
        <Button asChild>
          <RouterLink to="/news">See all updates</RouterLink>
        </Button>
      </Stack>
    );
  } else {
    content = <UpdateArticle update={update} />;
  }

  return (
    <Stack gap="8">
      <Box>
        <BackLink to="/news">All updates</BackLink>
      </Box>
      {content}
      {update ? (
        <Box borderTopWidth="1px" pt="6">
          <BackLink to="/news">Back to all updates</BackLink>
        </Box>
      ) : null}
    </Stack>
  );
}

export default function NewsPage() {
  const [params] = useSearchParams();
  const slug = params.get('update') || null;
  const view = useRef<HTMLDivElement>(null);
  useFocusOnChange(slug ?? '', view);

  return (
    <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Box ref={view} tabIndex={-1} outline="none">
        {slug === null ? <ListView /> : <UpdateView key={slug} slug={slug} />}
      </Box>
    </Container>
  );
}
