import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderAt } from '../../testing/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('says the page was not found and explains', () => {
    renderAt(<NotFoundPage />, { at: '/nope' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/does not exist or has moved/)).toBeInTheDocument();
  });

  it('takes the visitor home with Return to Home', async () => {
    const user = userEvent.setup();
    renderAt(<NotFoundPage />, { at: '/nope', routes: [{ path: '/', element: <p>home page</p> }] });
    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
