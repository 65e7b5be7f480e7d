import { Button, Flex, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export interface PageNavProps {
  page: number;
  pageCount: number;
  /** The address of a page (from the URL filters, so paging keeps the search). */
  hrefFor: (page: number) => string;
  /** The navigation's name; one per list, so several on a page stay apart. */
  label?: string;
}

/**
 * Previous / "Page 2 of 5" / Next, as links: each page has its own address, so
 * it can be shared and Back steps through it. A step that leads nowhere is a
 * disabled button rather than a link to the same page. The buttons read
 * "Previous page" and "Next page" to a screen reader.
 */
export function PageNav({ page, pageCount, hrefFor, label = 'Pages of results' }: PageNavProps) {
  const step = (target: number, text: string, enabled: boolean) =>
    enabled ? (
      <Button asChild variant="outline" size="sm">
        <RouterLink to={hrefFor(target)} aria-label={`${text} page`}>
          {text}
        </RouterLink>
      </Button>
    ) : (
      <Button variant="outline" size="sm" disabled aria-label={`${text} page`}>
        {text}
      </Button>
    );
  return (
    <Flex as="nav" aria-label={label} align="center" justify="space-between" gap="3">
      {step(page - 1, 'Previous', page > 1)}
      <Text textStyle="sm" color="fg.muted" aria-current="page">
        Page {page} of {pageCount}
      </Text>
      {step(page + 1, 'Next', page < pageCount)}
    </Flex>
  );
}
