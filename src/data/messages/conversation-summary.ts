/** A conversation as the lists show it (my_conversations, admin_conversations). */
export interface ConversationSummary {
  id: string;
  organizationId: string;
  /** Only in the back office's list. */
  organizationName: string | null;
  subject: string;
  status: 'open' | 'closed';
  assignedTo: string | null;
  assignedName: string | null;
  createdBy: string | null;
  createdAt: string;
  lastMessageAt: string;
  /** The newest message's first 200 characters. */
  lastMessagePreview: string | null;
  lastMessageFromNetwork: boolean | null;
  /** Something in it the signed-in person has not read. */
  unread: boolean;
  unreadCount: number;
}

export interface RawConversationSummary {
  id: string;
  organization_id: string;
  organization_name?: string | null;
  subject: string;
  status: 'open' | 'closed';
  assigned_to: string | null;
  assigned_name: string | null;
  created_by: string | null;
  created_at: string;
  last_message_at: string;
  last_message_preview: string | null;
  last_message_from_network: boolean | null;
  unread: boolean;
  unread_count: number;
}

export function toConversationSummary(row: RawConversationSummary): ConversationSummary {
  return {
    id: row.id,
    organizationId: row.organization_id,
    organizationName: row.organization_name ?? null,
    subject: row.subject,
    status: row.status,
    assignedTo: row.assigned_to,
    assignedName: row.assigned_name,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastMessageAt: row.last_message_at,
    lastMessagePreview: row.last_message_preview,
    lastMessageFromNetwork: row.last_message_from_network,
    unread: row.unread,
    unreadCount: row.unread_count,
  };
}

/** How many conversations a list page shows. */
export const CONVERSATION_PAGE_SIZE = 25;
