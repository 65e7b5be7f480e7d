import { Box } from '@chakra-ui/react';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import { renderUpdateMarkdown } from './update-markdown';

export interface UpdateBodyProps {
  /** The update's Markdown body. */
  source: string;
}

/**
 * An update's body as visitors read it on /news and editors preview it at
 * /admin/updates: the sanitised HTML of update-markdown.ts, styled like the
 * rest of the article. Loaded lazily by both pages (it carries marked and
 * DOMPurify), so neither list pays for it.
 */
export default function UpdateBody({ source }: UpdateBodyProps) {
  const html = useMemo(() => renderUpdateMarkdown(source), [source]);
  const navigate = useNavigate();

  // Same-site links move within the app, as the rest of the site's links do,
  // instead of loading the whole page again.
  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href || !/^\/(?![/\\])/.test(href)) return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    <Box
      data-testid="update-body"
      maxW="70ch"
      textStyle={{ base: 'md', md: 'lg' }}
      lineHeight="tall"
      onClick={followInternalLink}
      css={{
        '& > * + *': { marginTop: '4' },
        '& h2': { fontSize: 'xl', fontWeight: 'semibold', lineHeight: 'short', paddingTop: '4' },
        '& h3, & h4': { fontSize: 'lg', fontWeight: 'semibold', lineHeight: 'short', paddingTop: '2' },
        '& > :first-child': { paddingTop: 0 },
        '& a': { color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '2px' },
        '& a:focus-visible': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
        '& ul, & ol': { paddingInlineStart: '6' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& li + li': { marginTop: '2' },
        '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', paddingInline: '1', borderRadius: 'sm' },
        '& pre': { bg: 'bg.muted', padding: '4', borderRadius: 'md', overflowX: 'auto', fontSize: 'sm' },
        '& pre code': { bg: 'transparent', padding: 0 },
        '& blockquote': { borderInlineStartWidth: '4px', borderColor: 'border.emphasized', paddingInlineStart: '4', color: 'fg.muted' },
        '& hr': { borderColor: 'border' },
        '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse', fontSize: 'sm' },
        '& th, & td': { borderWidth: '1px', borderColor: 'border', padding: '2', textAlign: 'start' },
        '& del': { color: 'fg.muted' },
      }}
      // Sanitised by DOMPurify in renderUpdateMarkdown (tests: update-markdown.test.ts, tests/e2e/news-desk.test.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
