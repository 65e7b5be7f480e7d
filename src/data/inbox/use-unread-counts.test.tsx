import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { SessionProvider } from '../../session/session-context';
import { TestProviders } from '../../testing/render';
import { sessionLogicFor } from '../../testing/session';
import { factsFor, type PersonKind } from '../../testing/session-facts';
import { emitInboxEvent } from './inbox-events';
import { useUnreadCounts } from './use-unread-counts';

/**
 * The side navigation's counts (decision 049): the member area counts
 * messages and notifications, the back office messages only; each is counted
 * again when the live inbox channel says its topic changed, and both on a resync.
 */
const counts = { unread_conversation_count: 2, unread_notification_count: 5 };
const rpc = vi.fn(async (name: keyof typeof counts) => ({ data: counts[name], error: null }));
vi.mock('../client', () => ({ configError: null, supabase: { rpc: (name: keyof typeof counts) => rpc(name) } }));

function wrapperFor(person: PersonKind) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <TestProviders>
        <SessionProvider logic={sessionLogicFor(factsFor(person))} navigate={() => undefined}>
          {children}
        </SessionProvider>
      </TestProviders>
    );
  };
}

beforeEach(() => {
  counts.unread_conversation_count = 2;
  counts.unread_notification_count = 5;
  rpc.mockClear();
});

describe('useUnreadCounts', () => {
  it('counts messages and notifications in the member area, each again when its topic changes', async () => {
    const { result } = renderHook(() => useUnreadCounts('member'), { wrapper: wrapperFor('orgAdmin') });
    await waitFor(() => expect(result.current).toEqual({ messages: 2, notifications: 5 }));
    counts.unread_notification_count = 6;
    act(() => emitInboxEvent({ type: 'changed', topic: 'notifications' }));
    await waitFor(() => expect(result.current).toEqual({ messages: 2, notifications: 6 }));
    counts.unread_conversation_count = 3;
    act(() => emitInboxEvent({ type: 'changed', topic: 'messages' }));
    await waitFor(() => expect(result.current).toEqual({ messages: 3, notifications: 6 }));
    counts.unread_conversation_count = 0;
    counts.unread_notification_count = 0;
    act(() => emitInboxEvent({ type: 'resync' }));
    await waitFor(() => expect(result.current).toEqual({ messages: 0, notifications: 0 }));
  });

  it('counts only messages in the back office, and asks nothing about notifications there', async () => {
    const { result } = renderHook(() => useUnreadCounts('admin'), { wrapper: wrapperFor('systemAdmin') });
    await waitFor(() => expect(result.current).toEqual({ messages: 2 }));
    act(() => emitInboxEvent({ type: 'resync' }));
    await waitFor(() => expect(rpc.mock.calls.filter(([name]) => name === 'unread_conversation_count').length).toBe(2));
    expect(rpc.mock.calls.some(([name]) => name === 'unread_notification_count')).toBe(false);
  });
});
