import type { StatusMap } from '../../../components/status-badge';
import type { DeskStatus } from '../../../data/news-desk/types';

export const DESK_STATUS_LOOK: StatusMap<DeskStatus> = {
  draft: { label: 'Draft', palette: 'gray' },
  scheduled: { label: 'Scheduled', palette: 'blue' },
  published: { label: 'Published', palette: 'green' },
  unpublished: { label: 'Unpublished', palette: 'orange' },
};

export const DESK_STATUSES = Object.keys(DESK_STATUS_LOOK) as DeskStatus[];

export function isDeskStatus(value: string | null): value is DeskStatus {
  return value !== null && (DESK_STATUSES as string[]).includes(value);
}

/** "2026-11-24T09:30" in the editor's own time zone, for a datetime-local field. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local field's value as an ISO timestamp; null when empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
