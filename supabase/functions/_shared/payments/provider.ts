/**
 * The one payment-provider interface (decision 078): what Accord asks of
 * whoever collects card money. The app and the database never speak a
 * provider's language; the Edge Functions speak to this, and the Stripe
 * adapter (./stripe.ts) is the one card provider. Bank transfer needs no
 * provider call: its payments are recorded from the bank statement
 * (admin_record_payment, decision 069).
 */
export interface CheckoutRequest {
  /** pay:{invoice}:{attempt}, stored before this call: the same key answers the same payment. */
  idempotencyKey: string;
  invoiceId: string;
  attemptId: string;
  invoiceNumber: string;
  amountMinor: number;
  currency: string;
  returnUrl: string;
  cancelUrl: string;
}

export interface Checkout {
  sessionId: string;
  paymentId: string | null;
  url: string;
}

/** A payment's state as the provider holds it now (never as an event said it once). */
export interface PaymentState {
  paymentId: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_action' | 'canceled' | string;
  amountMinor: number;
  currency: string;
  invoiceId: string | null;
  failureCode: string | null;
  failureMessage: string | null;
}

export interface RefundRequest {
  idempotencyKey: string;
  paymentId: string;
  amountMinor: number;
  invoiceId: string;
}

export interface PaymentProvider {
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  paymentState(paymentId: string): Promise<PaymentState>;
  refund(request: RefundRequest): Promise<{ refundId: string; succeeded: boolean }>;
}

/** A provider's refusal the caller can show: a request that will not succeed by retrying it. */
export class ProviderRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
