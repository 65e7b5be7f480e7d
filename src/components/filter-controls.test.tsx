import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { TestProviders } from '../testing/render';
import { FilterChips, FilterSelect, SearchField } from './filter-controls';

describe('filter controls', () => {
  it('a search field is a searchbox named by its label, shown or for screen readers only', async () => {
    const onChange = vi.fn();
    render(
      <TestProviders>
        <SearchField label="Filter users" value="" onChange={onChange} />
        <SearchField label="Search applications" hideLabel value="" onChange={vi.fn()} />
      </TestProviders>,
    );
    await userEvent.setup({ delay: null }).type(screen.getByRole('searchbox', { name: 'Filter users' }), 'a');
    expect(onChange).toHaveBeenCalledWith('a');
    expect(screen.getByRole('searchbox', { name: 'Search applications' })).toBeInTheDocument();
  });

  it('a filter select is a labelled combobox carrying its address parameter', async () => {
    const onChange = vi.fn();
    render(
      <TestProviders>
        <FilterSelect label="Status" name="status" value="" onChange={onChange}>
          <option value="">Any status</option>
          <option value="active">Active</option>
        </FilterSelect>
      </TestProviders>,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(select).toHaveAttribute('name', 'status');
    await userEvent.setup({ delay: null }).selectOptions(select, 'active');
    expect(onChange).toHaveBeenCalledWith('active');
  });

  it('filter chips are a named group of toggle buttons, the chosen one pressed', async () => {
    const onChange = vi.fn();
    render(
      <TestProviders>
        <FilterChips
          label="Filter by status"
          value="open"
          onChange={onChange}
          options={[
            { value: 'open', label: 'To review', count: 2 },
            { value: 'all', label: 'All', count: 5 },
          ]}
        />
      </TestProviders>,
    );
    const group = screen.getByRole('group', { name: 'Filter by status' });
    expect(within(group).getByRole('button', { name: 'To review (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'All (5)' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup({ delay: null }).click(within(group).getByRole('button', { name: 'All (5)' }));
    expect(onChange).toHaveBeenCalledWith('all');
  });
});
