import { Button, type ButtonProps } from '@chakra-ui/react';

import { saveUrl } from './download-file';
import { useCommand } from './use-command';

/**
 * Where a signed link goes: `tab`, a new tab opened inside the click (a window
 * opened after an await is a pop-up browsers block) and cut from this page;
 * `here`, this window, for a link Storage serves as an attachment (it saves
 * the file without leaving the page); `{ save }`, a download under that name.
 */
export type FileTarget = 'tab' | 'here' | { save: string };

export interface SignedUrlOptions<Args> {
  /** Asks for the link: a fetcher from src/data (a signed URL, or an object URL it made). */
  sign: (args: Args) => Promise<string>;
  target: FileTarget | ((args: Args) => FileTarget);
  /** The toast's title when no link came; leave it out when `onFailure` shows the failure elsewhere. */
  failureToast?: string | ((args: Args) => string);
  /** Hears each failure, e.g. to show it beside the files or to ask for what was missing. */
  onFailure?: (failure: unknown, args: Args) => void;
}

export interface SignedUrl<Args> {
  /** Opens (or saves) the file; call it inside the click. Never throws. */
  open: (args: Args) => Promise<void>;
  busy: boolean;
  /** Which file is being fetched (e.g. which row's button is busy), else null. */
  pending: Args | null;
}

function go(url: string, target: FileTarget, tab: Window | null) {
  if (typeof target === 'object') saveUrl(url, target.save);
  else if (tab) tab.location.href = url;
  else window.location.assign(url);
}

/**
 * Opens a stored file through a link that works for a minute: busy while the
 * link is asked for, a toast (or the caller's own message) when none comes,
 * and the new tab opened in time and closed again on failure.
 */
export function useSignedUrl<Args = void>({ sign, target, failureToast, onFailure }: SignedUrlOptions<Args>): SignedUrl<Args> {
  const command = useCommand<Args, void>({
    failureToast,
    run: async (args) => {
      const where = typeof target === 'function' ? target(args) : target;
      // Opened now, synchronously inside the click; the link follows.
      const tab = where === 'tab' ? window.open('', '_blank') : null;
      if (tab) tab.opener = null;
      try {
        go(await sign(args), where, tab);
      } catch (failure) {
        tab?.close();
        onFailure?.(failure, args);
        throw failure;
      }
    },
  });
  return {
    open: async (args) => {
      await command.run(args);
    },
    busy: command.busy,
    pending: command.pending,
  };
}

export interface OpenFileButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'>, Omit<SignedUrlOptions<void>, 'target'> {
  target: FileTarget;
}

/** A button that opens one stored file through a signed link, busy (with its `loadingText`) while the link is asked for. */
export function OpenFileButton({ sign, target, failureToast, onFailure, ...button }: OpenFileButtonProps) {
  const file = useSignedUrl({ sign, target, failureToast, onFailure });
  return <Button onClick={() => void file.open()} loading={file.busy} {...button} />;
}
