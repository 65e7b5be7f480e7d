import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../components/toaster';
import type { AccordClient } from '../../data/client';
import { TestProviders } from '../../testing/render';
import { NOTIFICATION_KINDS, NotificationsSection } from './notifications-section';

/**
 * Settings → Notifications against a fake client: every kind with its plain
 * description and an "E-mail me" switch showing the saved choice (or the
 * default); a switch saves on its own with a toast, and a refusal turns it
 * back and says why.
 */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const DEFAULT_ON = new Set(['application_decided', 'application_changes_requested', 'registry_status_changed', 'network_reply', 'invoice_issued', 'billing_reminder', 'payment_received']);

function fakeBackend({ refuse = false }: { refuse?: boolean } = {}) {
  const chosen = new Map<string, boolean>();
  const rpc = vi.fn(async (name: string, args: Record<string, unknown> = {}): Promise<Answer> => {
    if (name === 'my_notification_preferences') {
      return {
        data: Object.keys(NOTIFICATION_KINDS).map((kind) => ({
          kind,
          email: chosen.get(kind) ?? DEFAULT_ON.has(kind),
          is_default: !chosen.has(kind),
        })),
        error: null,
      };
    }
    if (name === 'set_notification_preference') {
      if (refuse) return { data: null, error: { message: 'not_authenticated', code: '42501' } };
      chosen.set(args.p_kind as string, args.p_email as boolean);
      return { data: null, error: null };
    }
    return { data: null, error: null };
  });
  return { client: { rpc } as unknown as AccordClient, rpc, chosen };
}

function renderSection(client: AccordClient) {
  render(
    <TestProviders>
      <NotificationsSection userId="5eed0000-0000-4000-8000-000000000002" client={client} />
      <ToastList />
    </TestProviders>,
  );
  return userEvent.setup({ delay: null });
}

const switchFor = (label: string) => screen.getByRole('switch', { name: `E-mail me: ${label}` });

describe('Settings → Notifications', () => {
  it('lists every kind with its description and the e-mail choice or its default', async () => {
    renderSection(fakeBackend().client);
    await screen.findByText('Answers from the network');
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(switchFor('Answers from the network')).toBeChecked();
    expect(switchFor('Registry status changed')).toBeChecked();
    expect(switchFor('A colleague joined')).not.toBeChecked();
    expect(switchFor('Your invitation accepted')).not.toBeChecked();
    expect(switchFor('A colleague joined')).toHaveAccessibleDescription('Someone becomes a member of your organisation.');
  });

  it('saves one switch with a toast', async () => {
    const { client, rpc } = fakeBackend();
    const user = renderSection(client);
    await screen.findByText('A colleague joined');
    await user.click(switchFor('A colleague joined'));
    expect(rpc).toHaveBeenCalledWith('set_notification_preference', { p_kind: 'colleague_joined', p_email: true });
    expect(await screen.findByText('E-mail turned on')).toBeInTheDocument();
    await waitFor(() => expect(switchFor('A colleague joined')).toBeChecked());
    await user.click(switchFor('Answers from the network'));
    expect(await screen.findByText('E-mail turned off')).toBeInTheDocument();
    await waitFor(() => expect(switchFor('Answers from the network')).not.toBeChecked());
  });

  it('a refused save says why and the switch returns to what is saved', async () => {
    const user = renderSection(fakeBackend({ refuse: true }).client);
    await screen.findByText('Answers from the network');
    await user.click(switchFor('Answers from the network'));
    expect(await screen.findByText('Your choice could not be saved')).toBeInTheDocument();
    const row = screen.getAllByRole('listitem').find((li) => li.textContent?.includes('Answers from the network'))!;
    expect(within(row).getByRole('alert')).toHaveTextContent('Your session has ended. Sign in again to see your notifications.');
    await waitFor(() => expect(switchFor('Answers from the network')).toBeChecked());
  });
});
