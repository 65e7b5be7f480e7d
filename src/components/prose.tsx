import { Box, chakra, Heading, Table, Text, type SystemStyleObject } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { formatLongDate } from './formats';

/**
 * How far below the top of the window an anchored heading lands: the sticky nav
 * bar is one row below md, two rows from md and one row again from xl, and a
 * heading scrolled to by a contents link must not hide under it.
 */
const ANCHOR_OFFSET = { base: '20', md: '32', xl: '24' } as const;

/** `tag:not([class])` for each tag: the plain elements a page writes, never a Chakra component. */
const bare = (...tags: string[]) => tags.map((tag) => `${tag}:not([class])`).join(', ');

// Only plain, unclassed elements are styled: Chakra's recipe styles sit in a
// cascade layer, which any unlayered rule here would beat, so a Button rendered
// as a link inside the prose must not match `a`. `:where()` keeps the rules at
// zero specificity. Space goes only between siblings (`* + x`), so the first
// element never pushes the text down.
// Computed selector keys widen to a string index signature, which Chakra's type cannot name.
const proseStyles = {
  color: 'fg',
  lineHeight: '1.7',
  overflowWrap: 'break-word',
  [`& :where(${bare('p', 'ul', 'ol', 'dl', 'h2', 'h3', 'h4')})`]: { maxWidth: '65ch' },
  [`& :where(* + :is(${bare('p', 'ul', 'ol', 'dl')}))`]: { marginTop: '4' },
  [`& :where(* + :is(${bare('section')}))`]: { marginTop: '8' },
  [`& :where(${bare('h2')})`]: {
    fontSize: { base: 'xl', md: '2xl' },
    fontWeight: 'semibold',
    lineHeight: '1.3',
    letterSpacing: 'tight',
    scrollMarginTop: ANCHOR_OFFSET,
  },
  [`& :where(* + :is(${bare('h2')}))`]: { marginTop: { base: '10', md: '12' } },
  [`& :where(${bare('h3')})`]: {
    fontSize: { base: 'lg', md: 'xl' },
    fontWeight: 'semibold',
    lineHeight: '1.35',
    scrollMarginTop: ANCHOR_OFFSET,
  },
  [`& :where(* + :is(${bare('h3')}))`]: { marginTop: '8' },
  [`& :where(${bare('h4')})`]: { fontSize: 'md', fontWeight: 'semibold' },
  [`& :where(* + :is(${bare('h4')}))`]: { marginTop: '6' },
  [`& :where(:is(${bare('h2', 'h3', 'h4')}) + :is(${bare('p', 'ul', 'ol', 'dl')}))`]: { marginTop: '3' },
  [`& :where(${bare('ul')})`]: { listStyleType: 'disc', paddingInlineStart: '6' },
  [`& :where(${bare('ol')})`]: { listStyleType: 'decimal', paddingInlineStart: '6' },
  [`& :where(${bare('li')} + ${bare('li')})`]: { marginTop: '2' },
  [`& :where(${bare('li')} > :is(${bare('ul', 'ol', 'p')}))`]: { marginTop: '2' },
  [`& :where(${bare('li')})::marker`]: { color: 'fg.muted' },
  [`& :where(${bare('dt')})`]: { fontWeight: 'semibold' },
  [`& :where(${bare('dd')})`]: { marginTop: '1' },
  [`& :where(${bare('dd')} + ${bare('dt')})`]: { marginTop: '4' },
  [`& :where(${bare('strong')})`]: { fontWeight: 'semibold' },
  [`& :where(${bare('a')})`]: {
    color: 'brand.fg',
    textDecoration: 'underline',
    textUnderlineOffset: '0.2em',
    borderRadius: 'l1',
    _hover: { textDecorationThickness: '2px' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  },
} as SystemStyleObject;

/** Long-form text: headings, paragraphs, lists and links styled for reading, held to a 65ch measure. */
export function Prose({ children }: { children: ReactNode }) {
  return <Box css={proseStyles}>{children}</Box>;
}

export interface ContentsEntry {
  /** The id of a heading in the page; the contents link points at `#id`. */
  id: string;
  title: string;
}

const CONTENTS_HEADING_ID = 'on-this-page';

/** "On this page": links to the page's sections, for long pages. */
export function TableOfContents({ entries }: { entries: readonly ContentsEntry[] }) {
  return (
    <Box
      as="nav"
      aria-labelledby={CONTENTS_HEADING_ID}
      bg={{ base: 'bg.subtle', lg: 'transparent' }}
      borderWidth={{ base: '1px', lg: '0' }}
      borderStartWidth={{ lg: '2px' }}
      borderColor="border.muted"
      rounded={{ base: 'l3', lg: 'none' }}
      p={{ base: '5', lg: '0' }}
      ps={{ lg: '5' }}
    >
      <Heading as="h2" id={CONTENTS_HEADING_ID} size="sm" mb="3" color="fg">
        On this page
      </Heading>
      <Box as="ol" listStyleType="none" textStyle="sm">
        {entries.map((entry) => (
          <Box as="li" key={entry.id} _notFirst={{ mt: '2' }}>
            {/* A plain anchor, not a router link: the browser scrolls to the heading
                and moves the keyboard's starting point there. */}
            <chakra.a
              href={`#${entry.id}`}
              display="inline-block"
              color="fg.muted"
              rounded="l1"
              _hover={{ color: 'brand.fg', textDecoration: 'underline' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
            >
              {entry.title}
            </chakra.a>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** "Last updated 22 November 2026", machine-readable through <time>. */
export function LastUpdated({ date }: { date: string }) {
  return (
    <Text textStyle="sm" color="fg.muted">
      Last updated <time dateTime={date}>{formatLongDate(new Date(`${date}T00:00:00Z`))}</time>
    </Text>
  );
}

export interface DataTableProps {
  /** Id of the caption, which also names the scrollable region around the table. */
  id: string;
  caption: string;
  columns: readonly string[];
  /** One array per row; each row's first cell is its header. */
  rows: readonly (readonly ReactNode[])[];
  /** Below this width the table scrolls sideways inside its frame instead of squeezing its columns. */
  minW?: string;
}

/**
 * A reference table that stays readable on a phone: below `minW` it scrolls
 * sideways within a keyboard-focusable region while the page itself never does,
 * and its caption stays in view at the left edge.
 */
export function DataTable({ id, caption, columns, rows, minW }: DataTableProps) {
  return (
    <Box my="6">
      <Box
        role="region"
        aria-labelledby={id}
        // Focusable so keyboard users can scroll it (and axe's scrollable-region rule holds).
        tabIndex={0}
        overflowX="auto"
        borderWidth="1px"
        borderColor="border"
        rounded="l2"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        <Table.Root
          variant="line"
          size="sm"
          minW={minW}
          lineHeight="1.5"
          css={{ '& tbody tr:last-of-type > *': { borderBottomWidth: '0' } }}
        >
          <Table.Caption captionSide="top" textAlign="start" px="3" pt="3" pb="2" textStyle="sm" fontWeight="semibold" color="fg">
            {/* Sticky and no wider than the screen, so it can be read without scrolling the table. */}
            <Box as="span" display="block" position="sticky" left="3" maxW="calc(100vw - 3.5rem)">
              <span id={id}>{caption}</span>
            </Box>
          </Table.Caption>
          <Table.Header bg="bg.muted">
            <Table.Row bg="inherit">
              {columns.map((column) => (
                <Table.ColumnHeader key={column} scope="col" verticalAlign="bottom" py="2.5">
                  {column}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, rowIndex) => (
              <Table.Row key={rowIndex} verticalAlign="top">
                {row.map((cell, cellIndex) =>
                  cellIndex === 0 ? (
                    <Table.ColumnHeader key={cellIndex} as="th" scope="row" fontWeight="semibold" py="2.5">
                      {cell}
                    </Table.ColumnHeader>
                  ) : (
                    <Table.Cell key={cellIndex} py="2.5" color="fg.muted">
                      {cell}
                    </Table.Cell>
                  ),
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {minW ? (
        <Text hideFrom="md" textStyle="xs" color="fg.muted" mt="2">
          Scroll the table sideways to see every column.
        </Text>
      ) : null}
    </Box>
  );
}
