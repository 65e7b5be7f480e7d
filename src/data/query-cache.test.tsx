import { render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';

import { createQueryCache } from './query-cache';

// A string key is stored in the cache under itself.
const KEY = 'organisation';
const serialized = KEY;

function Reader() {
  const { data } = useSWR(KEY, async () => 'fresh data');
  return <p>{data ?? 'loading'}</p>;
}

function setup() {
  let time = 0;
  const queryCache = createQueryCache({ cacheMs: 10 * 60_000, sweepEveryMs: 60_000, now: () => time });
  const mount = () =>
    render(
      <SWRConfig value={{ provider: queryCache.provider, use: [queryCache.middleware] }}>
        <Reader />
      </SWRConfig>,
    );
  return { cache: queryCache.cache, mount, advance: (ms: number) => (time += ms) };
}

describe('createQueryCache', () => {
  it('keeps data that a mounted component uses, however old', async () => {
    const { cache, mount, advance } = setup();
    mount();
    await screen.findByText('fresh data');
    advance(60 * 60_000);
    expect(cache.get(serialized)?.data).toBe('fresh data');
  });

  it('keeps unused data for the cache time, then drops it', async () => {
    const { cache, mount, advance } = setup();
    const view = mount();
    await screen.findByText('fresh data');
    view.unmount();

    advance(9 * 60_000);
    expect(cache.get(serialized)?.data).toBe('fresh data');

    advance(2 * 60_000);
    expect(cache.get(serialized)).toBeUndefined();
  });

  it('keeps data that is used again before the cache time runs out', async () => {
    const { cache, mount, advance } = setup();
    const first = mount();
    await screen.findByText('fresh data');
    first.unmount();
    advance(5 * 60_000);
    mount();
    expect(screen.getByText('fresh data')).toBeInTheDocument();
    advance(30 * 60_000);
    expect(cache.get(serialized)?.data).toBe('fresh data');
  });

  it('serves each page its own SWRConfig: the page that came first leaving does not break the next one', async () => {
    const queryCache = createQueryCache({ cacheMs: 10 * 60_000 });
    function Page({ id }: { id: number }) {
      const { data } = useSWR(`page-${id}`, async () => `data of page ${id}`);
      return <p>{data ?? `loading page ${id}`}</p>;
    }
    // As the router does: a navigation unmounts one page's SWRConfig and mounts the next in one commit.
    const at = (id: number) => (
      <SWRConfig key={id} value={{ provider: queryCache.provider, use: [queryCache.middleware] }}>
        <Page id={id} />
      </SWRConfig>
    );
    const view = render(at(1));
    await screen.findByText('data of page 1');
    view.rerender(at(2));
    expect(await screen.findByText('data of page 2')).toBeInTheDocument();
    view.rerender(at(1));
    expect(screen.getByText('data of page 1')).toBeInTheDocument();
  });
});
