import type { ContactTopic } from '../../../machines/visitor-request-form';

/** The back office's Contact Us list (admin_contact_messages): filters and the page, all in the address. */
export interface ContactMessageQuery {
  topic?: ContactTopic | null;
  /** true: only handled; false: only unhandled; null: both (unhandled first). */
  handled?: boolean | null;
  /** A phrase in the name, address, organisation or message. */
  search?: string | null;
  /** From 1. */
  page: number;
  pageSize: number;
}

/** SWR keys of the back office's Contact Us inbox (decision 048), so a command can name what it touched. */
export const contactKeys = {
  all: ['contact'] as const,
  /** Every page of every list: what answering or marking a message refreshes. */
  listAll: ['contact', 'list'] as const,
  list: (query: ContactMessageQuery) =>
    ['contact', 'list', query.topic ?? '', query.handled ?? '', query.search ?? '', query.page, query.pageSize] as const,
  message: (id: string) => ['contact', 'message', id] as const,
  answers: (messageId: string) => ['contact', 'answers', messageId] as const,
};

/** Every key of the inbox: what a live change to messages or answers makes stale (the rows carry counts and states its payload does not). */
export const isContactKey = (key: unknown): boolean => Array.isArray(key) && key[0] === contactKeys.all[0];
