/**
 * What every Accord e-mail shares: the brand colour, escaping for the HTML
 * twin, and dates written so they are unambiguous wherever the reader is.
 */
export const BRAND = '#1f5d5b';

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** "29 November 2026 at 14:05 UTC". */
export function formatExpiry(date: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' }).format(date);
  return `${day} at ${time} UTC`;
}
