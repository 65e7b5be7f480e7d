import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DataError } from '../data/errors';
import { TestProviders } from '../testing/render';
import { OpenFileButton, useSignedUrl } from './open-file';
import { ToastList } from './toaster';

const wrapper = ({ children }: { children: ReactNode }) => (
  <TestProviders>
    {children}
    <ToastList />
  </TestProviders>
);

/** A stand-in for the tab window.open gives back. */
function fakeTab() {
  const tab = { opener: window as unknown, location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return tab;
}

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

afterEach(() => vi.restoreAllMocks());

describe('OpenFileButton', () => {
  it('opens the tab inside the click, cut from this page, is busy until the link comes, then points the tab at it', async () => {
    const tab = fakeTab();
    const link = deferred<string>();
    render(
      <OpenFileButton sign={() => link.promise} target="tab" failureToast="The file could not be opened" loadingText="Opening…" aria-label="Open report.pdf">
        Open
      </OpenFileButton>,
      { wrapper },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open report.pdf' }));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(screen.getByRole('button', { name: 'Open report.pdf' })).toHaveAttribute('data-loading');
    expect(screen.getByText('Opening…')).toBeInTheDocument();
    await act(async () => link.resolve('https://files.example/signed'));
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/signed'));
    expect(screen.getByRole('button', { name: 'Open report.pdf' })).not.toHaveAttribute('data-loading');
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('closes the tab again and toasts the failure in words when no link comes', async () => {
    const tab = fakeTab();
    const onFailure = vi.fn();
    render(
      <OpenFileButton
        sign={async () => {
          throw new DataError('The file is no longer there.', { code: 'not_found' });
        }}
        target="tab"
        failureToast="The file could not be opened"
        onFailure={onFailure}
        loadingText="Opening…"
      >
        Open
      </OpenFileButton>,
      { wrapper },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('The file could not be opened')).toBeInTheDocument();
    expect(screen.getByText('The file is no longer there.')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(onFailure).toHaveBeenCalledWith(expect.any(DataError), undefined);
    expect(screen.getByRole('button', { name: 'Open' })).not.toHaveAttribute('data-loading');
  });

  it('saves the file under its name without opening a tab', async () => {
    vi.spyOn(window, 'open');
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    render(
      <OpenFileButton sign={async () => 'https://files.example/signed'} target={{ save: 'report.pdf' }} loadingText="Preparing…">
        Download
      </OpenFileButton>,
      { wrapper },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'https://files.example/signed', download: 'report.pdf' }]));
    expect(window.open).not.toHaveBeenCalled();
  });
});

describe('useSignedUrl', () => {
  it('says which file is pending, chooses the target and the toast per file', async () => {
    const tab = fakeTab();
    const link = deferred<string>();
    const { result } = renderHook(
      () =>
        useSignedUrl<{ id: string; action: 'open' | 'download' }>({
          sign: () => link.promise,
          target: ({ action }) => (action === 'open' ? 'tab' : { save: 'x.pdf' }),
          failureToast: ({ action }) => (action === 'open' ? 'Not opened' : 'Not downloaded'),
        }),
      { wrapper },
    );
    let opening: Promise<void> = Promise.resolve();
    act(() => {
      opening = result.current.open({ id: 'a', action: 'open' });
    });
    expect(result.current.busy).toBe(true);
    expect(result.current.pending).toEqual({ id: 'a', action: 'open' });
    await act(async () => {
      link.reject(new Error('Storage said no.'));
      await opening;
    });
    expect(result.current.pending).toBeNull();
    expect(tab.close).toHaveBeenCalled();
    expect(await screen.findByText('Not opened')).toBeInTheDocument();
  });
});
