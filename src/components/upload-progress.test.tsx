import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { UploadHandle, UploadTracking } from '../data/storage-upload';
import { TestProviders } from '../testing/render';
import { sizeProgress, timeLeft, UploadProgress, useUploadTracker, type UploadTracker } from './upload-progress';

const MB = 1024 * 1024;

/** The tracker as a page uses it, with a clock the test moves and the upload's handle it controls. */
function setup(size: number) {
  let clock = 0;
  const handle: UploadHandle = { pause: vi.fn(), resume: vi.fn(), cancel: vi.fn(async () => undefined) };
  let tracker!: UploadTracker;
  let tracking!: UploadTracking;
  function Page() {
    tracker = useUploadTracker(() => clock);
    return <UploadProgress tracker={tracker} />;
  }
  render(
    <TestProviders>
      <Page />
    </TestProviders>,
  );
  const file = new File([new Uint8Array(8)], 'board-pack.pdf', { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  act(() => {
    tracking = tracker.track(file);
    tracking.onStart?.(handle);
  });
  const progress = (sent: number, atMs: number) =>
    act(() => {
      clock = atMs;
      tracking.onProgress?.({ sent, total: size });
    });
  return { handle, progress, tracker: () => tracker };
}

describe('the upload progress', () => {
  it('shows a determinate bar with the percentage and "12.4 of 48.0 MB"', () => {
    const { progress } = setup(48 * MB);
    progress(12.4 * MB, 0);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('board-pack.pdf')).toBeInTheDocument();
    expect(screen.getByText('25 %')).toBeInTheDocument();
    expect(screen.getByTestId('upload-size')).toHaveTextContent('12.4 of 48.0 MB');
  });

  it('tells the time left only once the rate is known', () => {
    const { progress } = setup(48 * MB);
    progress(0, 0);
    progress(1 * MB, 1000);
    expect(screen.queryByText(/left$/)).not.toBeInTheDocument();
    // 4 MB in 4 s: 44 MB to go at 1 MB/s, 44 s.
    progress(4 * MB, 4000);
    expect(screen.getByText('About 45 s left')).toBeInTheDocument();
  });

  it('announces progress in steps of 10 %, not on every byte', () => {
    const { progress } = setup(48 * MB);
    const live = screen.getByRole('status');
    expect(live).toHaveAttribute('aria-live', 'polite');
    progress(5.0 * MB, 0);
    expect(live).toHaveTextContent('Uploading board-pack.pdf: 10 %');
    progress(7.0 * MB, 100);
    expect(live).toHaveTextContent('Uploading board-pack.pdf: 10 %');
    progress(9.7 * MB, 200);
    expect(live).toHaveTextContent('Uploading board-pack.pdf: 20 %');
  });

  it('lets a long upload be paused, resumed and cancelled', async () => {
    const user = userEvent.setup();
    const { handle, progress } = setup(30 * MB);
    progress(3 * MB, 0);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(handle.pause).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(handle.resume).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(handle.cancel).toHaveBeenCalledTimes(1);
  });

  it('offers no Pause or Cancel for a small file sent in one request', () => {
    const { progress } = setup(2 * MB);
    progress(0, 0);
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel upload' })).not.toBeInTheDocument();
  });

  it('says so while the connection is gone, and carries on when it is back', () => {
    const { progress } = setup(30 * MB);
    progress(3 * MB, 0);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('Connection lost. The upload continues when you are back online.')).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(/Connection lost/)).not.toBeInTheDocument();
  });

  it('goes away when the upload ends', () => {
    const { progress, tracker } = setup(30 * MB);
    progress(30 * MB, 0);
    act(() => tracker().finish());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('the words', () => {
  it('sizes in MB with one decimal, times rounded', () => {
    expect(sizeProgress(0, 50 * MB)).toBe('0.0 of 50.0 MB');
    expect(timeLeft(3)).toBe('About 5 s left');
    expect(timeLeft(42)).toBe('About 40 s left');
    expect(timeLeft(150)).toBe('About 3 min left');
    expect(timeLeft(2 * 3600 + 600)).toBe('About 2 h 10 min left');
  });
});
