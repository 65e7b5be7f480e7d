import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { DataError } from '../data/errors';
import { TestProviders } from '../testing/render';
import { EmptyMessage, errorMessage, QueryView, type QueryLike } from './query-view';

function renderView(query: QueryLike<string[]>, staleErrorTitle?: string) {
  render(
    <TestProviders>
      <QueryView
        query={query}
        loading="Loading things…"
        errorTitle="The things could not be loaded"
        staleErrorTitle={staleErrorTitle}
        isEmpty={(items) => items.length === 0}
        empty={<EmptyMessage title="No things yet">Add one with “New thing”.</EmptyMessage>}
      >
        {(items) => <ul aria-label="Things">{items.map((item) => <li key={item}>{item}</li>)}</ul>}
      </QueryView>
    </TestProviders>,
  );
}

const query = (over: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({ data: undefined, error: undefined, mutate: vi.fn(), ...over });

describe('QueryView', () => {
  it('announces loading politely', () => {
    renderView(query({}));
    expect(screen.getByRole('status')).toHaveTextContent('Loading things…');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it('shows a failure with its reason and a retry that asks again', async () => {
    const mutate = vi.fn();
    renderView(query({ error: new DataError('Only system administrators may see this.'), mutate }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The things could not be loaded');
    expect(alert).toHaveTextContent('Only system administrators may see this.');
    await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(mutate).toHaveBeenCalledOnce();
  });

  it('shows the empty state with its next step, and the data otherwise', () => {
    renderView(query({ data: [] }));
    expect(screen.getByText('No things yet')).toBeInTheDocument();
    expect(screen.getByText('Add one with “New thing”.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('keeps showing the previous answer while the next one loads', () => {
    renderView(query({ data: ['kept'] }));
    expect(screen.getByRole('list', { name: 'Things' })).toHaveTextContent('kept');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the data, and keeps it when a refresh fails', () => {
    renderView(query({ data: ['one', 'two'], error: new DataError('Gone.') }), 'The things could not be updated');
    expect(within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('The things could not be updated');
  });

  it('words an unknown failure plainly', () => {
    expect(errorMessage('boom')).toBe('Something went wrong.');
    expect(errorMessage(new Error('Said so.'))).toBe('Said so.');
  });
});
