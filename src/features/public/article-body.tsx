import { Box, Code, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Fragment, useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { parseArticle, type Block, type Inline } from './article-markup';

function renderInline(content: Inline[]): ReactNode {
  return content.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'emphasis':
        return <em key={index}>{renderInline(node.children)}</em>;
      case 'code':
        return (
          <Code key={index} size="sm">
            {node.text}
          </Code>
        );
      case 'link':
        return node.internal ? (
          <Link key={index} asChild variant="underline" color="brand.fg">
            <RouterLink to={node.href}>{renderInline(node.children)}</RouterLink>
          </Link>
        ) : (
          <Link key={index} href={node.href} variant="underline" color="brand.fg" rel="noopener noreferrer">
            {renderInline(node.children)}
          </Link>
        );
    }
  });
}

type HeadingLevel = 2 | 3 | 4;

function renderBlock(block: Block, index: number, baseLevel: 2 | 3): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const level = (baseLevel + block.level - 2) as HeadingLevel;
      return (
        <Heading key={index} as={`h${level}`} size={level === 2 ? 'xl' : 'lg'} pt={index === 0 ? 0 : '4'}>
          {renderInline(block.content)}
        </Heading>
      );
    }
    case 'paragraph':
      return <Text key={index}>{renderInline(block.content)}</Text>;
    case 'list':
      return (
        <Box
          key={index}
          as={block.ordered ? 'ol' : 'ul'}
          ps="6"
          listStyleType={block.ordered ? 'decimal' : 'disc'}
          css={{ '& > li + li': { marginTop: '2' } }}
        >
          {block.items.map((item, itemIndex) => (
            <li key={itemIndex}>{renderInline(item)}</li>
          ))}
        </Box>
      );
  }
}

export interface ArticleBodyProps {
  source: string;
  /** The level of the text's own "##" headings: 2 under the page's h1, 3 under a section's h2. */
  baseLevel?: 2 | 3;
}

/** An update's body or a solution's description, rendered as elements (never as HTML). */
export function ArticleBody({ source, baseLevel = 2 }: ArticleBodyProps) {
  const blocks = useMemo(() => parseArticle(source), [source]);
  return (
    <Stack gap="4" textStyle={{ base: 'md', md: 'lg' }} lineHeight="tall" maxW="70ch">
      {blocks.map((block, index) => renderBlock(block, index, baseLevel))}
    </Stack>
  );
}
