import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { ConversationSummary } from '../../data/messages/conversation-summary';
import { renderAt } from '../../testing/render';
import { ConversationList } from './conversation-list';

function summary(n: number, overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    organizationId: '11111111-1111-4111-8111-111111111111',
    organizationName: 'Northwind School',
    subject: `Subject ${n}`,
    status: 'open',
    assignedTo: null,
    assignedName: null,
    createdBy: null,
    createdAt: '2026-11-20T10:00:00Z',
    lastMessageAt: '2026-11-20T10:00:00Z',
    lastMessagePreview: `Preview ${n}`,
    lastMessageFromNetwork: false,
    unread: false,
    unreadCount: 0,
    ...overrides,
  };
}

describe('ConversationList', () => {
  it('links each conversation to its address, marks the open one, and says what is unread', () => {
    const rows = [
      summary(1, { unread: true, unreadCount: 3, lastMessageFromNetwork: true }),
      summary(2, { status: 'closed', assignedTo: 'a', assignedName: 'Amelia Hart' }),
    ];
    renderAt(<ConversationList label="Conversations" conversations={rows} selectedId={rows[1]!.id} hrefFor={(id) => `?c=${id}`} showOrganization />);
    const list = screen.getByRole('list', { name: 'Conversations' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveAttribute('href', `/?c=${rows[0]!.id}`);
    expect(first).toHaveTextContent('3 unread messages');
    expect(first).toHaveTextContent('Network: Preview 1');
    expect(first).toHaveTextContent('Northwind School · Unassigned');
    expect(first).not.toHaveAttribute('aria-current');
    expect(second).toHaveAttribute('aria-current', 'page');
    expect(second).toHaveTextContent('Closed');
    expect(second).toHaveTextContent('Assigned to Amelia Hart');
    expect(second).not.toHaveTextContent('unread');
  });

  it('leaves out whose conversation it is on the organisation’s own page', () => {
    renderAt(<ConversationList label="Conversations" conversations={[summary(1, { unread: true, unreadCount: 1 })]} selectedId={null} hrefFor={(id) => `?c=${id}`} />);
    const link = screen.getByRole('link');
    expect(link).toHaveTextContent('1 unread message');
    expect(link).not.toHaveTextContent('Northwind School');
  });
});
