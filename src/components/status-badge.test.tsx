import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { TestProviders } from '../testing/render';
import { StatusBadge, type StatusMap } from './status-badge';

type Status = 'open' | 'closed';
const MAP: StatusMap<Status> = { open: { label: 'Open', palette: 'green' }, closed: { label: 'Closed', palette: 'gray' } };

describe('StatusBadge', () => {
  it('shows the status in the words of its map, coloured by its palette', () => {
    render(
      <TestProviders>
        <StatusBadge status="closed" map={MAP} />
        <StatusBadge status="open" map={MAP} />
      </TestProviders>,
    );
    const closed = screen.getByText('Closed');
    const open = screen.getByText('Open');
    // The palette is the only difference between the two badges' styles.
    expect(closed.className).not.toBe(open.className);
    expect(getComputedStyle(closed).getPropertyValue('--chakra-colors-color-palette-fg')).toContain('gray');
    expect(getComputedStyle(open).getPropertyValue('--chakra-colors-color-palette-fg')).toContain('green');
  });
});
