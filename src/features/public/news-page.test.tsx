import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeRest, jsonResponse, stubPublicApi, type Route } from '../../testing/fake-rest';
import { renderAt } from '../../testing/render';
import NewsPage from './news-page';

const UPDATES = [
  {
    id: 'u2',
    slug: 'registry-api-available',
    title: 'The trust registry is now open to other systems',
    summary: 'Any system can now ask the trust registry.',
    category: 'product',
    published_at: '2026-06-16T09:00:00+00:00',
    body: 'Until today, the registry was a page.\n\n## What the API answers\n\n- **Who is a member?**\n\nSee the [API guide](/api-guide). <img src=x onerror=alert(1)>',
  },
  {
    id: 'u1',
    slug: 'accord-network-is-live',
    title: 'The Accord network is live',
    summary: 'Accord opens for applications today.',
    category: 'network',
    published_at: '2026-01-19T09:00:00+00:00',
    body: 'Today the network opens.',
  },
];

const updatesApi: Route = ({ table, params }) => {
  if (table !== 'updates') return undefined;
  const slug = params.get('slug');
  return jsonResponse(slug ? UPDATES.filter((u) => `eq.${u.slug}` === slug) : UPDATES.map(({ body: _body, ...rest }) => rest));
};

beforeEach(() => stubPublicApi());
afterEach(() => vi.unstubAllGlobals());

describe('/news', () => {
  it('lists updates with their dates and summaries, and opens one in full at a shareable address', async () => {
    fakeRest(updatesApi);
    renderAt(<NewsPage />, { at: '/news', path: '/news' });
    expect(screen.getByRole('heading', { level: 1, name: 'Updates' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Updates, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual(UPDATES.map((u) => u.title));
    expect(items[0]).toHaveTextContent('16 June 2026');
    expect(items[0]).toHaveTextContent('Any system can now ask the trust registry.');
    const link = within(items[0]!).getByRole('link', { name: UPDATES[0]!.title });
    expect(link).toHaveAttribute('href', '/news?update=registry-api-available');

    await userEvent.click(link);
    const title = await screen.findByRole('heading', { level: 1, name: UPDATES[0]!.title });
    const article = title.closest('article')!;
    // The body's renderer loads lazily with the first article.
    expect(await within(article).findByRole('heading', { level: 2, name: 'What the API answers' })).toBeInTheDocument();
    expect(within(article).getByText('Who is a member?').tagName).toBe('STRONG');
    expect(within(article).getByRole('link', { name: 'API guide' })).toHaveAttribute('href', '/api-guide');
    // HTML in the Markdown is text, never markup (update-markdown.ts).
    expect(article.querySelector('img')).toBeNull();
    expect(article).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(document.title).toBe(`${UPDATES[0]!.title} — Accord`);

    await userEvent.click(screen.getByRole('link', { name: 'Back to all updates' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Updates' })).toBeInTheDocument();
  });

  it('says clearly when no update has the address, with the way back', async () => {
    fakeRest(updatesApi);
    renderAt(<NewsPage />, { at: '/news?update=no-such-update', path: '/news' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Update not found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'See all updates' }));
    expect(await screen.findByRole('list', { name: 'Updates, newest first' })).toBeInTheDocument();
  });

  it('offers a retry when an update cannot be loaded', async () => {
    let failing = true;
    fakeRest((request) => (failing ? jsonResponse({ message: 'Gateway timeout' }, 504) : updatesApi(request)));
    renderAt(<NewsPage />, { at: '/news?update=accord-network-is-live', path: '/news' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This update could not be loaded');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The Accord network is live' })).toBeInTheDocument();
  });
});
