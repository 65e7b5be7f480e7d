import { Box, Text } from '@chakra-ui/react';
import { useCallback, useEffect, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A command or an answer, in a block that scrolls sideways by itself (never
 * the page) and that a keyboard can reach to scroll it.
 */
export function GuideCode({ label, children }: { label: string; children: string }) {
  return (
    <Box
      as="pre"
      tabIndex={0}
      aria-label={label}
      my="4"
      maxW="100%"
      overflowX="auto"
      // A phone wraps long commands rather than hiding their ends; copying still gives the command as written.
      whiteSpace={{ base: 'pre-wrap', md: 'pre' }}
      overflowWrap="anywhere"
      bg="gray.900"
      color="gray.50"
      rounded="l2"
      px="4"
      py="3"
      fontFamily="mono"
      fontSize="sm"
      lineHeight="1.6"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <code>{children}</code>
    </Box>
  );
}

/** A short caption above a code block. */
export function CodeCaption({ children }: { children: string }) {
  return (
    <Text as="p" fontWeight="medium" mt="5">
      {children}
    </Text>
  );
}

/** Focus the element with this id, making it focusable first when it is a heading. */
function focusSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}

/**
 * In-page links (#id) that move the keyboard's focus to the section they lead
 * to, not only the view: a screen reader then reads from the heading, and Tab
 * continues from there. The browser still does the scrolling (so the
 * headings' scroll margin keeps them clear of the sticky bar). A page opened
 * with a #fragment scrolls there too, which the router does not do by itself.
 * Returns the click handler to put on the element around the links.
 */
export function useInPageLinkFocus(): (event: MouseEvent<HTMLElement>) => void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    document.getElementById(id)?.scrollIntoView();
  }, [hash]);

  return useCallback((event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('#') || href.length < 2) return;
    const id = decodeURIComponent(href.slice(1));
    // Without scrolling: the browser's own jump to #id follows once this handler returns.
    focusSection(id);
  }, []);
}
