import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderAt } from '../testing/render';
import { PageNav } from './page-nav';

const hrefFor = (page: number) => `?q=bank&page=${page}`;

describe('PageNav', () => {
  it('is a named navigation saying where you are, with links to the pages either side', () => {
    renderAt(<PageNav page={2} pageCount={3} hrefFor={hrefFor} />, { at: '/list' });
    const nav = screen.getByRole('navigation', { name: 'Pages of results' });
    expect(within(nav).getByText('Page 2 of 3')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/list?q=bank&page=1');
    expect(within(nav).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/list?q=bank&page=3');
  });

  it('disables the step that leads nowhere instead of linking to the same page', () => {
    renderAt(<PageNav page={1} pageCount={2} hrefFor={hrefFor} label="Pages of organisations" />, { at: '/list' });
    const nav = screen.getByRole('navigation', { name: 'Pages of organisations' });
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(nav).queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Next page' })).toBeInTheDocument();
  });
});
