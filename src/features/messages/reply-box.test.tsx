import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { createReachability, type ReachabilityStore } from '../../data/reachability';
import { TestProviders } from '../../testing/render';
import { ReplyBox, type SendOutcome } from './reply-box';

function renderBox(onSend: (message: { body: string; files: File[] }) => Promise<SendOutcome>, reachability?: ReachabilityStore) {
  render(
    <TestProviders>
      <ReplyBox label="Your reply" submitLabel="Send reply" onSend={onSend} reachability={reachability} />
    </TestProviders>,
  );
  return screen.getByRole('textbox', { name: 'Your reply' });
}

describe('ReplyBox', () => {
  it('says an empty message cannot be sent, and sends nothing', async () => {
    const onSend = vi.fn();
    renderBox(onSend);
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write a message before sending.')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends with Ctrl+Enter and with Cmd+Enter, and clears once sent', async () => {
    const onSend = vi.fn(async () => ({ ok: true }) as const);
    const box = renderBox(onSend);
    await userEvent.type(box, 'First');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ body: 'First', files: [] }));
    await waitFor(() => expect(box).toHaveValue(''));
    await userEvent.type(box, 'Second');
    await userEvent.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(onSend).toHaveBeenLastCalledWith({ body: 'Second', files: [] }));
  });

  it('keeps the text and the files when sending fails, and says why', async () => {
    const onSend = vi.fn(async () => ({ ok: false, message: 'This conversation is closed. Start a new conversation to write to the network.' }) as const);
    const box = renderBox(onSend);
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(picker, new File(['%PDF-1.7'], 'letter.pdf', { type: 'application/pdf' }));
    await userEvent.type(box, 'Are you there?');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your message was not sent');
    expect(alert).toHaveTextContent('This conversation is closed.');
    expect(box).toHaveValue('Are you there?');
    expect(screen.getByRole('list', { name: 'Files to send' })).toHaveTextContent('letter.pdf');
  });

  it('turns away a file of another type before anything is sent', async () => {
    renderBox(vi.fn());
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    // userEvent.upload honours the accept attribute; the check must hold for whatever the picker lets through.
    await userEvent.upload(picker, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await screen.findByText('anim.gif is not a PDF, PNG or JPEG file. Send one of those.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
  });

  it('when Accord cannot be reached, keeps the message and sends it by itself once, when Accord is back', async () => {
    const API = 'http://api.test';
    let up = false;
    const network = async () => {
      if (!up) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 200 });
    };
    const store = createReachability({ apiUrl: API, anonKey: 'anon', probeFetch: network });
    const watched = store.watch(network);
    try {
      // The send goes through the watched client, as the app's does.
      const onSend = vi.fn(async (): Promise<SendOutcome> => {
        try {
          await watched(`${API}/rest/v1/rpc/post_message`, { method: 'POST', body: '{}' });
          return { ok: true };
        } catch {
          return { ok: false, message: 'We couldn’t reach Accord. Check your connection and try again.' };
        }
      });
      const box = renderBox(onSend, store);
      await userEvent.type(box, 'Sent when you are back');
      await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Your message is not sent yet');
      expect(alert).toHaveTextContent('is sent as soon as Accord is back');
      expect(box).toHaveValue('Sent when you are back');
      expect(onSend).toHaveBeenCalledTimes(1);

      // Accord returns: the probe (0.5 s on) finds it, and the message goes by itself, once.
      up = true;
      await waitFor(() => expect(box).toHaveValue(''), { timeout: 10_000 });
      expect(onSend).toHaveBeenCalledTimes(2);
      expect(onSend).toHaveBeenLastCalledWith({ body: 'Sent when you are back', files: [] });
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      store.dispose();
    }
  });
});
