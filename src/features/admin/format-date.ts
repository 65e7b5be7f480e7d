const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dayAndTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "22 Nov 2026": for dates where the time of day does not matter (joined). */
export function formatDay(iso: string | null): string {
  return iso ? day.format(new Date(iso)) : '—';
}

/** "22 Nov 2026, 14:05": for events an administrator may need to place exactly (sent, expires, signed in). */
export function formatDayAndTime(iso: string | null): string {
  return iso ? dayAndTime.format(new Date(iso)) : '—';
}
