import { formatDayAndTime, formatTime } from '../../components/formats';
import type { StatusMap } from '../../components/status-badge';

export type ConversationStatus = 'open' | 'closed';

export const CONVERSATION_STATUS: StatusMap<ConversationStatus> = {
  open: { label: 'Open', palette: 'green' },
  closed: { label: 'Closed', palette: 'gray' },
};

/** "24 Nov 2026, 14:05", or "Today, 14:05" for today (in the reader's own time zone). */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const today = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return today ? `Today, ${formatTime(iso)}` : formatDayAndTime(iso);
}

/** "1 unread message", "3 unread messages". */
export function unreadLabel(count: number): string {
  return `${count} unread message${count === 1 ? '' : 's'}`;
}

/** "2.4 MB", "310 KB": a file's size as people read it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
