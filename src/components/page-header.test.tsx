import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { TestProviders } from '../testing/render';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('gives the page its one h1, with the eyebrow, the intro and the actions', () => {
    render(
      <TestProviders>
        <PageHeader eyebrow="Back office" title="Users" intro="Everyone with an account." actions={<button>Invite</button>} />
      </TestProviders>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Back office')).toBeInTheDocument();
    expect(screen.getByText('Everyone with an account.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeInTheDocument();
  });

  it('leaves out what it is not given', () => {
    const { container } = render(
      <TestProviders>
        <PageHeader title="Plain" />
      </TestProviders>,
    );
    expect(container).toHaveTextContent(/^Plain$/);
  });
});
