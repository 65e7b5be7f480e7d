import { AspectRatio, type AspectRatioProps, Badge, Box, Flex, Heading, Image, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

import type { Update, UpdateCover, UpdateSummary } from '../../data/content/types';
import { formatArticleDate, UPDATE_CATEGORY_LABELS } from './update-format';

/** The address of one update: the route table has only /news, so the update is a query parameter (shareable). */
export function updateHref(slug: string): string {
  return `/news?update=${encodeURIComponent(slug)}`;
}

/** marked and DOMPurify load with the first article a visitor opens, never with the list. */
const UpdateBody = lazy(() => import('./update-body'));

function BodySkeleton() {
  return (
    <Box role="status" aria-live="polite" maxW="70ch">
      <Text srOnly>Loading the update…</Text>
      <SkeletonText noOfLines={6} gap="3" aria-hidden="true" />
    </Box>
  );
}

export function Dateline({ update }: { update: UpdateSummary }) {
  return (
    <Flex gap="3" align="center" wrap="wrap" textStyle="sm" color="fg.muted">
      <time dateTime={update.publishedAt}>{formatArticleDate(update.publishedAt)}</time>
      <Badge variant="subtle" colorPalette="brand">
        {UPDATE_CATEGORY_LABELS[update.category]}
      </Badge>
    </Flex>
  );
}

/**
 * An update's cover: the box keeps a 16:9 shape before the image arrives, so
 * nothing below it moves when it loads (the width and height attributes say
 * the same to the browser); lazy-loaded, and cropped to fill the box.
 */
export function CoverImage({ cover, maxW, borderRadius = 'xl' }: { cover: UpdateCover; maxW?: string; borderRadius?: AspectRatioProps['borderRadius'] }) {
  return (
    <AspectRatio ratio={16 / 9} w="full" maxW={maxW} borderRadius={borderRadius} overflow="hidden" bg="bg.muted" flexShrink={0}>
      <Image asChild objectFit="cover">
        <img src={cover.url} alt={cover.alt} width={1600} height={900} loading="lazy" decoding="async" />
      </Image>
    </AspectRatio>
  );
}

/**
 * One update in full, as visitors read it on /news and editors preview it at
 * /admin/updates (where the title is an h2 under the editor's own h1).
 */
export function UpdateArticle({ update, titleAs = 'h1' }: { update: Update; titleAs?: 'h1' | 'h2' }) {
  return (
    <Stack as="article" aria-labelledby="update-title" gap={{ base: '6', md: '8' }}>
      <Stack gap="4">
        <Dateline update={update} />
        <Heading as={titleAs} id="update-title" size={{ base: '2xl', md: '4xl' }} lineHeight="1.2" letterSpacing="tight">
          {update.title}
        </Heading>
        <Text textStyle={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="70ch">
          {update.summary}
        </Text>
      </Stack>
      {update.cover ? <CoverImage cover={update.cover} /> : null}
      <Box borderTopWidth="1px" pt={{ base: '6', md: '8' }}>
        <Suspense fallback={<BodySkeleton />}>
          <UpdateBody source={update.body} />
        </Suspense>
      </Box>
    </Stack>
  );
}

