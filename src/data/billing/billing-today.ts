/**
 * Today as billing counts days: in Europe/Amsterdam, where the seller is
 * established (the migration's private.billing_today()). Used only to say
 * whether a member's issued invoice is past its due date, as the database's
 * own overdue test does.
 */
export function billingToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
