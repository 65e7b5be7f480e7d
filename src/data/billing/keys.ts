/**
 * SWR keys of the three billing pages. Every key starts with 'billing', so a
 * mutation can name exactly what it makes stale (each mutation file exports
 * its `…Changes`, as the investor-access ones do).
 */
export const billingKeys = {
  all: ['billing'] as const,
  standing: (organizationId: string) => ['billing', 'standing', organizationId] as const,
  memberAccount: (organizationId: string) => ['billing', 'member-account', organizationId] as const,
  overview: ['billing', 'overview'] as const,
  overdue: ['billing', 'overdue'] as const,
  renewals: ['billing', 'renewals'] as const,
  organizations: ['billing', 'organizations'] as const,
  organization: (organizationId: string) => ['billing', 'organization', organizationId] as const,
  seller: ['billing', 'seller'] as const,
  plans: ['billing', 'plans'] as const,
  statement: (statementId: string) => ['billing', 'statement', statementId] as const,
  invoices: ['billing', 'invoices'] as const,
  invoice: (invoiceId: string) => ['billing', 'invoice', invoiceId] as const,
  cardPayment: (invoiceId: string) => ['billing', 'card-payment', invoiceId] as const,
  failedPaymentEvents: ['billing', 'failed-payment-events'] as const,
};

const part = (index: number, value: string) => (key: unknown) => Array.isArray(key) && key[0] === 'billing' && key[index] === value;

/** Anything that shows an invoice's amounts or state: lists, details, totals, the member's page and banner. */
export const isInvoiceStateKey = (key: unknown): boolean =>
  Array.isArray(key) &&
  key[0] === 'billing' &&
  ['standing', 'member-account', 'overview', 'overdue', 'organization', 'invoices', 'invoice', 'statement'].includes(String(key[1]));

export const isOrganizationBillingKey = part(1, 'organization');
export const isSellerKey = part(1, 'seller');
export const isMemberAccountKey = part(1, 'member-account');
export const isRenewalsKey = part(1, 'renewals');
