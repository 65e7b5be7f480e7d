import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { describe, expect, it, vi } from 'vitest';

import { DataError } from '../data/errors';
import { TestProviders } from '../testing/render';
import { ToastList } from './toaster';
import { useCommand } from './use-command';

const wrapper = ({ children }: { children: ReactNode }) => (
  <TestProviders>
    {children}
    <ToastList />
  </TestProviders>
);

describe('useCommand', () => {
  it('is busy while it runs, then refreshes the keys it names and shows its toast', async () => {
    let finish: (value: string) => void = () => undefined;
    const run = vi.fn((name: string) => new Promise<string>((resolve) => (finish = () => resolve(`${name}!`))));
    const fetchList = vi.fn(async () => ['a']);
    const { result } = renderHook(
      () => ({
        list: useSWR(['things'], fetchList),
        command: useCommand({
          run,
          refresh: [['things']],
          success: (value, name) => ({ title: 'Saved', description: `${name} became ${value}` }),
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data).toEqual(['a']));
    const before = fetchList.mock.calls.length;

    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = result.current.command.run('owl');
    });
    expect(result.current.command.busy).toBe(true);
    expect(result.current.command.pending).toBe('owl');
    await act(async () => {
      finish('');
      await outcome;
    });
    await expect(outcome).resolves.toEqual({ ok: true, value: 'owl!' });
    expect(result.current.command.busy).toBe(false);
    expect(fetchList.mock.calls.length).toBeGreaterThan(before);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('owl became owl!')).toBeInTheDocument();
  });

  it('turns a failure into its sentence, toasts it when asked, never throws and refreshes nothing', async () => {
    const fetchList = vi.fn(async () => ['a']);
    const { result } = renderHook(
      () => ({
        list: useSWR(['things'], fetchList),
        command: useCommand({
          run: async () => {
            throw new DataError('You cannot remove the last administrator.');
          },
          refresh: [['things']],
          failureToast: 'The member was not removed',
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data).toEqual(['a']));
    const before = fetchList.mock.calls.length;
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.command.run();
    });
    expect(outcome).toEqual({ ok: false, message: 'You cannot remove the last administrator.' });
    expect(result.current.command.error).toBe('You cannot remove the last administrator.');
    expect(fetchList.mock.calls.length).toBe(before);
    expect(await screen.findByText('The member was not removed')).toBeInTheDocument();
    act(() => result.current.command.reset());
    expect(result.current.command.error).toBeNull();
  });

  it('refreshes every key a matcher picks, and after a failure too when part of the mutation may stand', async () => {
    const fetchFirst = vi.fn(async () => ['a']);
    const fetchSecond = vi.fn(async () => ['b']);
    const { result } = renderHook(
      () => ({
        first: useSWR(['access', 1], fetchFirst),
        second: useSWR(['access', 2], fetchSecond),
        command: useCommand({
          run: async () => {
            throw new DataError('The decision stands, but the e-mail was not sent.');
          },
          refresh: [(key: unknown) => Array.isArray(key) && key[0] === 'access'],
          refreshAfterFailure: true,
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.second.data).toEqual(['b']));
    const before = [fetchFirst.mock.calls.length, fetchSecond.mock.calls.length];
    await act(async () => {
      await result.current.command.run();
    });
    expect(result.current.command.error).toBe('The decision stands, but the e-mail was not sent.');
    expect(fetchFirst.mock.calls.length).toBeGreaterThan(before[0]!);
    expect(fetchSecond.mock.calls.length).toBeGreaterThan(before[1]!);
  });
});
