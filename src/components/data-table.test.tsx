import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { TestProviders } from '../testing/render';
import { DataTable, type Column, type SortState } from './data-table';

interface Person {
  id: string;
  name: string;
  email: string;
  joined: string;
}

const PEOPLE: Person[] = [
  { id: '1', name: 'Ada', email: 'ada@example.org', joined: '1 Nov 2026' },
  { id: '2', name: 'Grace', email: 'grace@example.org', joined: '2 Nov 2026' },
];

const COLUMNS: Column<Person>[] = [
  { key: 'name', label: 'Person', unlabelledWhenStacked: true, cell: (p) => p.name },
  { key: 'email', label: 'E-mail', sortable: true, cell: (p) => p.email },
  { key: 'joined', label: 'Joined', sortable: true, cell: (p) => p.joined },
  { key: 'actions', label: 'Actions', hideHeader: true, unlabelledWhenStacked: true, alignEnd: true, cell: (p) => <button>Remove {p.name}</button> },
];

function renderTable(props: { sort?: SortState | null; onSortChange?: (sort: SortState) => void } = {}) {
  render(
    <TestProviders>
      <DataTable caption="People" columns={COLUMNS} rows={PEOPLE} rowKey={(p) => p.id} {...props} />
    </TestProviders>,
  );
  return screen.getByRole('table', { name: 'People' });
}

describe('DataTable', () => {
  it('is a table named by its caption, with a header per column and a row per item', () => {
    const table = renderTable();
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Person', 'E-mail', 'Joined', 'Actions']);
    // A visually hidden header still names its column for screen readers.
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Ada', 'ada@example.org', '1 Nov 2026', 'Remove Ada']);
  });

  it('labels each value with its column for the narrow-screen cards, except the title and action columns', () => {
    const table = renderTable();
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual([null, 'E-mail', 'Joined', null]);
  });

  it('says nothing about sorting when the table cannot be sorted', () => {
    const table = renderTable();
    for (const header of within(table).getAllByRole('columnheader')) expect(header).not.toHaveAttribute('aria-sort');
    expect(within(table).queryByRole('button', { name: /E-mail/ })).not.toBeInTheDocument();
  });

  it('marks the sorted column with aria-sort and asks for the next sort from a header button', async () => {
    const onSortChange = vi.fn();
    const table = renderTable({ sort: { column: 'email', direction: 'ascending' }, onSortChange });
    expect(within(table).getByRole('columnheader', { name: /E-mail/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table).getByRole('columnheader', { name: /Joined/ })).toHaveAttribute('aria-sort', 'none');
    expect(within(table).getByRole('columnheader', { name: 'Person' })).not.toHaveAttribute('aria-sort');

    const user = userEvent.setup({ delay: null });
    await user.click(within(table).getByRole('button', { name: /E-mail/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'email', direction: 'descending' });
    // From the keyboard as well: the header's button takes Enter.
    within(table).getByRole('button', { name: /Joined/ }).focus();
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'joined', direction: 'ascending' });
  });
});
