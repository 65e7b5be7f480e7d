import { Button, Flex, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { RESUMABLE_THRESHOLD, type UploadHandle, type UploadTracking } from '../data/storage-upload';

/**
 * What a person sees of an upload (decision 082): a determinate bar, "12.4 of
 * 48.0 MB", the time left once it can be told, Pause/Resume and Cancel for a
 * long upload, and a note while the connection is gone. Screen readers hear
 * the progress in steps of 10 %, not on every byte.
 */

export type UploadStatus = 'uploading' | 'paused' | 'offline';

export interface UploadState {
  fileName: string;
  sent: number;
  total: number;
  status: UploadStatus;
  /** Seconds left, once the rate is known; null before. */
  secondsLeft: number | null;
}

export interface UploadTracker {
  state: UploadState | null;
  /** Starts following an upload of `file`: pass the result to the data function. */
  track(file: File): UploadTracking;
  pause(): void;
  resume(): void;
  cancel(): Promise<void>;
  /** The upload ended (success or failure): the bar goes. */
  finish(): void;
}

/** The rate is told only after this long, so the first chunk's burst does not promise too much. */
const RATE_AFTER_MS = 2000;

export function useUploadTracker(now: () => number = Date.now): UploadTracker {
  const [state, setState] = useState<UploadState | null>(null);
  const handle = useRef<UploadHandle | null>(null);
  // Measured from the last (re)start: a pause must not make the rate look slow.
  const since = useRef<{ at: number; sent: number } | null>(null);

  const track = useCallback(
    (file: File): UploadTracking => {
      handle.current = null;
      since.current = null;
      setState({ fileName: file.name, sent: 0, total: file.size, status: 'uploading', secondsLeft: null });
      return {
        onStart: (h) => {
          handle.current = h;
        },
        onProgress: ({ sent, total }) => {
          const at = now();
          since.current ??= { at, sent };
          const elapsed = at - since.current.at;
          const rate = elapsed >= RATE_AFTER_MS ? ((sent - since.current.sent) / elapsed) * 1000 : 0;
          setState((s) =>
            s ? { ...s, sent, total, secondsLeft: rate > 0 ? Math.ceil((total - sent) / rate) : s.secondsLeft } : s,
          );
        },
      };
    },
    [now],
  );

  const finish = useCallback(() => {
    handle.current = null;
    setState(null);
  }, []);

  useEffect(() => {
    if (!state) return;
    const offline = () => setState((s) => (s ? { ...s, status: 'offline', secondsLeft: null } : s));
    const online = () => {
      since.current = null;
      setState((s) => (s && s.status === 'offline' ? { ...s, status: 'uploading' } : s));
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [state === null]); // eslint-disable-line react-hooks/exhaustive-deps -- only whether an upload is followed

  // One object per state, so a facade hook that hands the tracker on stays stable between progress reports.
  return useMemo(
    () => ({
      state,
      track,
      pause: () => {
        handle.current?.pause();
        setState((s) => (s ? { ...s, status: 'paused', secondsLeft: null } : s));
      },
      resume: () => {
        since.current = null;
        handle.current?.resume();
        setState((s) => (s ? { ...s, status: 'uploading' } : s));
      },
      cancel: async () => {
        await handle.current?.cancel();
      },
      finish,
    }),
    [state, track, finish],
  );
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => (bytes / MB).toFixed(1);

/** "12.4 of 48.0 MB". */
export function sizeProgress(sent: number, total: number): string {
  return `${megabytes(sent)} of ${megabytes(total)} MB`;
}

/** "About 2 min left", "About 40 s left". */
export function timeLeft(seconds: number): string {
  if (seconds < 60) return `About ${Math.max(5, Math.round(seconds / 5) * 5)} s left`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `About ${minutes} min left` : `About ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

const percentOf = (state: UploadState) => (state.total === 0 ? 100 : Math.floor((state.sent / state.total) * 100));

/** The bar and its controls; shown while `tracker.state` is set. */
export function UploadProgress({ tracker }: { tracker: UploadTracker }) {
  const { state } = tracker;
  if (!state) return null;
  const percent = percentOf(state);
  const long = state.total > RESUMABLE_THRESHOLD;
  const step = Math.floor(percent / 10) * 10;
  const note =
    state.status === 'paused'
      ? 'Paused'
      : state.status === 'offline'
        ? 'Connection lost. The upload continues when you are back online.'
        : state.secondsLeft !== null && percent < 100
          ? timeLeft(state.secondsLeft)
          : null;
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
      <Progress.Root value={percent} max={100} size="sm">
        <Flex justify="space-between" gap="2" wrap="wrap">
          <Progress.Label textStyle="sm" wordBreak="break-word">
            {state.fileName}
          </Progress.Label>
          <Progress.ValueText textStyle="sm">{percent} %</Progress.ValueText>
        </Flex>
        <Progress.Track mt="1">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Flex justify="space-between" gap="2" wrap="wrap" textStyle="sm" color="fg.muted">
        <Text data-testid="upload-size">{sizeProgress(state.sent, state.total)}</Text>
        {note ? <Text>{note}</Text> : null}
      </Flex>
      {/* Heard in steps of 10 % and on a change of state, never on every byte. */}
      <VisuallyHidden aria-live="polite" role="status">
        {state.status === 'uploading' ? `Uploading ${state.fileName}: ${step} %` : `${state.fileName}: ${note ?? ''}`}
      </VisuallyHidden>
      {long ? (
        <Flex gap="2">
          {state.status === 'paused' ? (
            <Button type="button" size="sm" variant="outline" onClick={tracker.resume}>
              Resume
            </Button>
          ) : (
            <Button type="button" size="sm" variant="outline" onClick={tracker.pause} disabled={state.status === 'offline'}>
              Pause
            </Button>
          )}
          <Button type="button" size="sm" variant="outline" colorPalette="red" onClick={() => void tracker.cancel()}>
            Cancel upload
          </Button>
        </Flex>
      ) : null}
    </Stack>
  );
}
