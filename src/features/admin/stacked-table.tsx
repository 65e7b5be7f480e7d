import { Table, VisuallyHidden } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

/**
 * A table that stays a table for assistive technology but, below the md
 * breakpoint, lays each row out as a card with every cell labelled: at 360 px
 * a six-column table would otherwise hide half its columns behind a sideways
 * scroll. The roles are explicit because `display: block` on table elements
 * drops their implicit roles in some browsers.
 */
export function StackedTable({ caption, children, ...rest }: ComponentProps<typeof Table.Root> & { caption: string }) {
  return (
    <Table.Root
      role="table"
      size="sm"
      display={{ base: 'block', md: 'table' }}
      borderWidth={{ md: '1px' }}
      borderRadius={{ md: 'lg' }}
      overflow="hidden"
      {...rest}
    >
      <Table.Caption>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </Table.Caption>
      {children}
    </Table.Root>
  );
}

export function StackedHeader({ children }: { children: ReactNode }) {
  return (
    <Table.Header role="rowgroup" display={{ base: 'none', md: 'table-header-group' }}>
      <Table.Row role="row">{children}</Table.Row>
    </Table.Header>
  );
}

export function StackedColumnHeader(props: ComponentProps<typeof Table.ColumnHeader>) {
  return <Table.ColumnHeader role="columnheader" {...props} />;
}

export function StackedBody({ children }: { children: ReactNode }) {
  return (
    <Table.Body role="rowgroup" display={{ base: 'flex', md: 'table-row-group' }} flexDirection="column" gap="3">
      {children}
    </Table.Body>
  );
}

export function StackedRow(props: ComponentProps<typeof Table.Row>) {
  return (
    <Table.Row
      role="row"
      display={{ base: 'block', md: 'table-row' }}
      borderWidth={{ base: '1px', md: '0' }}
      borderRadius={{ base: 'lg', md: '0' }}
      py={{ base: '2', md: '0' }}
      {...props}
    />
  );
}

/** A cell that, on narrow screens, shows its column's name before its value. */
export function StackedCell({ label, ...props }: ComponentProps<typeof Table.Cell> & { label?: string }) {
  return (
    <Table.Cell
      role="cell"
      data-label={label}
      display={{ base: 'flex', md: 'table-cell' }}
      gap="3"
      alignItems="baseline"
      borderBottomWidth={{ base: '0', md: '1px' }}
      py={{ base: '1.5', md: '2' }}
      _before={
        label
          ? {
              content: { base: 'attr(data-label)', md: 'none' },
              minW: '6.5rem',
              flexShrink: 0,
              color: 'fg.muted',
              fontSize: 'xs',
              fontWeight: 'medium',
              textTransform: 'uppercase',
              letterSpacing: 'wide',
            }
          : undefined
      }
      {...props}
    />
  );
}
