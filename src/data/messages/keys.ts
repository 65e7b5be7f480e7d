/** The back office's filters (admin_conversations), which its list's keys carry; unassigned and mine exclude each other. */
export interface AdminConversationFilters {
  status?: 'open' | 'closed' | null;
  unassigned?: boolean;
  mine?: boolean;
  organizationId?: string | null;
  /** A phrase in the subject. */
  search?: string | null;
}

/** SWR keys of conversations (decision 045), so a command or a Realtime change can name what it touched. */
export const messageKeys = {
  all: ['messages'] as const,
  /** Every page of the member's list. */
  mine: ['messages', 'mine'] as const,
  /** Every page of every back-office list. */
  adminAll: ['messages', 'admin'] as const,
  admin: (filters: AdminConversationFilters) =>
    ['messages', 'admin', filters.status ?? '', filters.unassigned ? 'unassigned' : '', filters.mine ? 'mine' : '', filters.organizationId ?? '', filters.search ?? ''] as const,
  thread: (conversationId: string) => ['messages', 'thread', conversationId] as const,
  /** One conversation's subject, status and assignee. */
  conversation: (conversationId: string) => ['messages', 'conversation', conversationId] as const,
  /** The administrators a conversation can be assigned to. */
  networkAdmins: ['messages', 'network-admins'] as const,
  unreadCount: ['messages', 'unread-count'] as const,
};
