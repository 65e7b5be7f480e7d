import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';

import { supabase, type AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE } from '../errors';
import { toFunctionError, type FunctionsErrorLike } from '../function-error';
import { billingKeys, isInvoiceStateKey } from './keys';
import { billingError } from './refusals';

/**
 * Card payments through the payment provider's hosted page (decision 078).
 * The app never speaks Stripe: the pay-invoice and refund-card-payment Edge
 * Functions do, and the outcome is read back from payment_attempts, which
 * the webhook keeps up to date.
 */

/** Where the organisation's admin pays: the provider's hosted page for exactly the open balance. */
export async function startCardPayment(client: AccordClient, invoiceId: string): Promise<{ url: string; attemptId: string }> {
  const { data, error } = await client.functions.invoke<{ url: string; attemptId: string }>('pay-invoice', { body: { invoiceId } });
  if (error) throw await toFunctionError(error as FunctionsErrorLike);
  if (!data?.url) throw new DataError(UNEXPECTED_MESSAGE);
  return data;
}

export type CardPaymentStatus = 'creating' | 'open' | 'processing' | 'failed' | 'succeeded' | 'expired';

/** The latest card payment attempt of an invoice, as its admins and system administrators see it. */
export interface CardPayment {
  status: CardPaymentStatus;
  amountMinor: number;
  currency: string;
  /** The card's reason in words when it was declined, e.g. "Your card was declined." */
  failureMessage: string | null;
}

export async function getCardPayment(client: AccordClient, invoiceId: string): Promise<CardPayment | null> {
  const { data, error } = await client
    .from('payment_attempts')
    .select('status, amount_minor, currency, failure_message')
    .eq('invoice_id', invoiceId)
    .order('attempt', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw billingError(error);
  return data ? { status: data.status as CardPaymentStatus, amountMinor: data.amount_minor, currency: data.currency, failureMessage: data.failure_message } : null;
}

/** Looks again this often while the payment is still open or processing. */
export const CARD_PAYMENT_POLL_MS = 2_000;
const settled = (payment: CardPayment | null | undefined) => payment?.status === 'succeeded' || payment?.status === 'failed' || payment?.status === 'expired';

/**
 * The attempt's outcome, looked at again every 2 s until it is settled (the
 * webhook may arrive after the browser is back); once it is, everything that
 * shows the invoice's state is refreshed, so it turns paid without a reload.
 * A timer of its own, as useDatabaseRecovery: SWR's refreshInterval skips
 * rounds while it deems the document hidden.
 */
export function useCardPayment(invoiceId: string | null, client: AccordClient = supabase) {
  const query = useSWR(invoiceId ? billingKeys.cardPayment(invoiceId) : null, ([, , id]) => getCardPayment(client, id));
  const { mutate, data } = query;
  const done = settled(data);
  const status = data?.status;
  useEffect(() => {
    if (!invoiceId || data === undefined || done) return undefined;
    const timer = setInterval(() => void mutate(), CARD_PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [invoiceId, data, done, mutate]);
  const { mutate: mutateAll } = useSWRConfig();
  useEffect(() => {
    if (status === 'succeeded' || status === 'failed') void mutateAll(isInvoiceStateKey);
  }, [status, mutateAll]);
  return query;
}

/** Refunds a card payment, in full or in part, at the provider; a credit note is issued for it (system administrators). */
export async function refundCardPayment(
  client: AccordClient,
  refund: { paymentId: string; invoiceId: string; amountMinor: number; reason: string },
): Promise<void> {
  const { error } = await client.functions.invoke('refund-card-payment', { body: { ...refund, reason: refund.reason.trim() } });
  if (error) throw await toFunctionError(error as FunctionsErrorLike);
}

export const refundCardPaymentChanges = [isInvoiceStateKey];

/** A webhook event that failed to apply and waits for the schedule's retry. */
export interface FailedPaymentEvent {
  id: string;
  type: string;
  attempts: number;
  lastError: string | null;
  invoiceId: string | null;
  receivedAt: string;
  nextRetryAt: string | null;
}

export async function listFailedPaymentEvents(client: AccordClient): Promise<FailedPaymentEvent[]> {
  const { data, error } = await client.rpc('admin_list_payment_event_failures');
  if (error) throw billingError(error);
  return (data ?? []).map((e) => ({
    id: e.id,
    type: e.type,
    attempts: e.attempts,
    lastError: e.last_error,
    invoiceId: e.invoice_id,
    receivedAt: e.received_at,
    nextRetryAt: e.next_retry_at,
  }));
}

export function useFailedPaymentEvents(client: AccordClient = supabase) {
  return useSWR(billingKeys.failedPaymentEvents, () => listFailedPaymentEvents(client));
}
