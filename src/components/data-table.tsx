import { chakra, Table, VisuallyHidden, type TableCellProps } from '@chakra-ui/react';
import type { Key, ReactNode } from 'react';

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  column: string;
  direction: SortDirection;
}

export interface Column<Row> {
  /** Stable id of the column (React key, sort key). */
  key: string;
  /** The column's name: its header, and the label before each value on narrow screens. */
  label: string;
  /** What a cell shows. */
  cell: (row: Row) => ReactNode;
  /**
   * The row's title column (a name, an address): on narrow screens it heads the
   * card without a label. Also for columns whose values name themselves (actions).
   */
  unlabelledWhenStacked?: boolean;
  /** Header read by screen readers only (e.g. "Actions" above a column of buttons). */
  hideHeader?: boolean;
  /** Right-aligned on wide screens (numbers, actions). */
  alignEnd?: boolean;
  /** Whether the table can be sorted by this column (needs `sort` and `onSortChange`). */
  sortable?: boolean;
  /** Anything else for each cell of the column: whiteSpace, wordBreak, colour. */
  cellProps?: TableCellProps;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  /** The current sort, when the list is sorted by a column. */
  sort?: SortState | null;
  /** Called with the sort a header click asks for; the caller re-queries (sorting is the server's job). */
  onSortChange?: (sort: SortState) => void;
}

const stackedLabel = {
  content: { base: 'attr(data-label)', md: 'none' },
  minW: '6.5rem',
  flexShrink: 0,
  color: 'fg.muted',
  fontSize: 'xs',
  fontWeight: 'medium',
  textTransform: 'uppercase',
  letterSpacing: 'wide',
} as const;

function nextSort(column: string, current: SortState | null | undefined): SortState {
  return { column, direction: current?.column === column && current.direction === 'ascending' ? 'descending' : 'ascending' };
}

/**
 * A table from a list of columns. It stays a table for assistive technology
 * but, below the md breakpoint, lays each row out as a card with every value
 * labelled by its column: at 360 px a six-column table would otherwise hide
 * half its columns behind a sideways scroll. The roles are explicit because
 * `display: block` on table elements drops their implicit roles in some
 * browsers. A sortable column's header is a button, and the header cell says
 * how the table is sorted (aria-sort).
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, sort, onSortChange }: DataTableProps<Row>) {
  return (
    <Table.Root
      role="table"
      size="sm"
      display={{ base: 'block', md: 'table' }}
      borderWidth={{ md: '1px' }}
      borderRadius={{ md: 'lg' }}
      overflow="hidden"
    >
      <Table.Caption>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </Table.Caption>
      <Table.Header role="rowgroup" display={{ base: 'none', md: 'table-header-group' }}>
        <Table.Row role="row">
          {columns.map((column) => {
            const sorted = sort?.column === column.key ? sort.direction : undefined;
            const canSort = column.sortable && onSortChange;
            const label = column.hideHeader ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label;
            return (
              <Table.ColumnHeader
                key={column.key}
                role="columnheader"
                scope="col"
                textAlign={column.alignEnd ? 'end' : undefined}
                aria-sort={canSort ? (sorted ?? 'none') : undefined}
              >
                {canSort ? (
                  <chakra.button
                    type="button"
                    display="inline-flex"
                    alignItems="center"
                    gap="1"
                    fontWeight="inherit"
                    cursor="pointer"
                    _focusVisible={{ outline: '2px solid var(--chakra-colors-brand-500)', outlineOffset: '2px' }}
                    onClick={() => onSortChange(nextSort(column.key, sort))}
                  >
                    {label}
                    <span aria-hidden="true">{sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}</span>
                  </chakra.button>
                ) : (
                  label
                )}
              </Table.ColumnHeader>
            );
          })}
        </Table.Row>
      </Table.Header>
      <Table.Body role="rowgroup" display={{ base: 'flex', md: 'table-row-group' }} flexDirection="column" gap="3">
        {rows.map((row) => (
          <Table.Row
            key={rowKey(row)}
            role="row"
            display={{ base: 'block', md: 'table-row' }}
            borderWidth={{ base: '1px', md: '0' }}
            borderRadius={{ base: 'lg', md: '0' }}
            py={{ base: '2', md: '0' }}
          >
            {columns.map((column) => {
              const labelled = !column.unlabelledWhenStacked;
              return (
                <Table.Cell
                  key={column.key}
                  role="cell"
                  data-label={labelled ? column.label : undefined}
                  display={{ base: 'flex', md: 'table-cell' }}
                  gap="3"
                  alignItems="baseline"
                  borderBottomWidth={{ base: '0', md: '1px' }}
                  py={{ base: '1.5', md: '2' }}
                  // A card is narrow: a long address or name breaks rather than widening
                  // the page (a flex item otherwise never shrinks below its longest word).
                  overflowWrap={{ base: 'anywhere', md: 'normal' }}
                  css={{ '& > *': { minWidth: 0 } }}
                  textAlign={column.alignEnd ? { md: 'end' } : undefined}
                  _before={labelled ? stackedLabel : undefined}
                  {...column.cellProps}
                >
                  {column.cell(row)}
                </Table.Cell>
              );
            })}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
