import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { canonicalForm, parseForm, type FormObject, type FormValue } from './form.ts';
import { authenticationPage, messagePage, paymentPage } from './hosted-page.ts';
import { keepAliveWithoutRace } from '../keep-alive.ts';

/**
 * A stateful stand-in for the part of Stripe's API Accord uses (decision 079):
 * customers, Checkout Sessions (mode payment) with the PaymentIntent and
 * Charge a card payment makes, refunds and events, with Stripe's paths, form
 * bodies, object shapes, error shapes and `Idempotency-Key` semantics, a hosted
 * payment page with Stripe's test cards, and webhook deliveries signed as
 * Stripe signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`).
 *
 * The control endpoints under `/_control/` are the stand-in's own: tests hold
 * deliveries and then deliver chosen events duplicated, reordered, delayed,
 * concurrently or failing (a wrong signature, a stale timestamp).
 */
export interface StripeOptions {
  port: number;
  /** The key the API accepts (`Authorization: Bearer sk_test_…`). */
  secretKey: string;
  webhookSecret: string;
  /** Where events are delivered (the stripe-webhook Edge Function); none: kept only. */
  webhookUrl?: string;
  /** Host name in the hosted page's URL (the browser opens it). */
  publicHost?: string;
  /** Seconds before an undelivered event is tried again (Stripe: hours; here: seconds). */
  retryDelaysSeconds?: number[];
  log?: (message: string) => void;
}

export interface RunningStripe {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export const STRIPE_API_VERSION = '2026-10-28.endive';

type StripeObject = Record<string, unknown> & { id: string; object: string };

interface StoredEvent {
  event: StripeObject & { type: string; created: number };
  /** Payment intent or session or refund this event is about (for the control endpoints). */
  related: string[];
  deliveries: { at: number; status: number | null; ms: number }[];
  delivered: boolean;
}

interface IdempotentAnswer {
  method: string;
  path: string;
  params: string;
  status: number;
  body: string;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** The test cards (https://docs.stripe.com/testing), as the hosted page answers them. */
const CARDS: Record<string, 'succeeds' | 'declined' | 'authenticate'> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000002760003184': 'authenticate',
};
const DECLINE = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
const AUTH_FAILED = {
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** Stripe's signature header for a payload: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signatureHeader(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

function str(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function obj(value: FormValue | undefined): FormObject {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function metadataOf(value: FormValue | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(obj(value)).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function requiredInt(name: string, value: FormValue | undefined): number {
  const n = Number(str(value));
  if (!Number.isInteger(n) || n <= 0) throw new ApiError(400, 'invalid_request_error', `Invalid integer: ${str(value) ?? ''}`, { param: name });
  return n;
}

export async function startStripe(options: StripeOptions): Promise<RunningStripe> {
  const log = options.log ?? (() => undefined);
  const retryDelays = options.retryDelaysSeconds ?? [1, 2, 4, 8, 16];
  const host = options.publicHost ?? 'localhost';
  const objects = new Map<string, StripeObject>();
  const events: StoredEvent[] = [];
  const eventsById = new Map<string, StoredEvent>();
  const idempotency = new Map<string, IdempotentAnswer>();
  const timers = new Set<NodeJS.Timeout>();
  let hold = false;
  let apiFailing = false;
  let baseUrl = '';

  const get = (id: string, kind: string): StripeObject => {
    const o = objects.get(id);
    if (!o || o.object !== kind) throw new ApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });
    return o;
  };
  const put = <T extends StripeObject>(o: T): T => {
    objects.set(o.id, o);
    return o;
  };
  const snapshot = (o: StripeObject) => structuredClone(o);

  // -------------------------------------------------------------------------
  // Webhook deliveries
  // -------------------------------------------------------------------------
  interface DeliverOptions {
    /** 'signature': signed with another secret; 'stale': a timestamp ten minutes old. */
    fail?: 'signature' | 'stale';
    delayMs?: number;
  }

  async function deliverOnce(stored: StoredEvent, opts: DeliverOptions = {}): Promise<{ id: string; status: number | null; ms: number }> {
    if (!options.webhookUrl) return { id: stored.event.id, status: null, ms: 0 };
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    const payload = JSON.stringify(stored.event, null, 2);
    const secret = opts.fail === 'signature' ? `whsec_${randomBytes(16).toString('hex')}` : options.webhookSecret;
    const timestamp = opts.fail === 'stale' ? now() - 600 : now();
    const started = performance.now();
    let status: number | null = null;
    try {
      const res = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, secret, timestamp),
        },
        body: payload,
      });
      status = res.status;
      await res.arrayBuffer();
    } catch (error) {
      // fetch's own message is only 'fetch failed': the cause says which socket failed how.
      const cause = error instanceof Error && error.cause ? ` (${String(error.cause)}${(error.cause as { code?: string }).code ? ` ${(error.cause as { code?: string }).code}` : ''})` : '';
      log(`[stripe] delivering ${stored.event.id} failed: ${String(error)}${cause}`);
    }
    const ms = performance.now() - started;
    stored.deliveries.push({ at: Date.now(), status, ms });
    if (status !== null && status >= 200 && status < 300) stored.delivered = true;
    return { id: stored.event.id, status, ms };
  }

  /** As Stripe does: an answer other than 2xx is tried again later, a few times. */
  function deliverWithRetries(stored: StoredEvent, attempt = 0): void {
    void deliverOnce(stored).then(({ status }) => {
      if ((status !== null && status >= 200 && status < 300) || attempt >= retryDelays.length) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        deliverWithRetries(stored, attempt + 1);
      }, retryDelays[attempt] * 1000);
      timers.add(timer);
    });
  }

  function emit(type: string, object: StripeObject, related: string[], request: { id: string | null; idempotency_key: string | null } | null = null): void {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: now(),
      data: { object: snapshot(object) },
      livemode: false,
      pending_webhooks: options.webhookUrl ? 1 : 0,
      request: request ?? { id: null, idempotency_key: null },
      type,
    };
    const stored: StoredEvent = { event, related: [object.id, ...related], deliveries: [], delivered: false };
    events.push(stored);
    eventsById.set(event.id, stored);
    if (!hold) deliverWithRetries(stored);
  }

  // -------------------------------------------------------------------------
  // Payments
  // -------------------------------------------------------------------------
  function intentFor(session: StripeObject): StripeObject {
    if (typeof session.payment_intent === 'string') return get(session.payment_intent, 'payment_intent');
    const intent = put({
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: 0,
      capture_method: 'automatic',
      client_secret: `${newId('pi')}_secret_${randomBytes(8).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: session.currency,
      customer: session.customer ?? null,
      description: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: { ...(session.payment_intent_metadata as Record<string, string>) },
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      receipt_email: null,
      status: 'requires_payment_method',
    });
    session.payment_intent = intent.id;
    emit('payment_intent.created', intent, [session.id]);
    return intent;
  }

  function charge(session: StripeObject, intent: StripeObject, succeeded: boolean, error: Record<string, string> | null): StripeObject {
    const ch = put({
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: succeeded ? intent.amount : 0,
      amount_refunded: 0,
      captured: succeeded,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      failure_code: error?.code ?? null,
      failure_message: error?.message ?? null,
      livemode: false,
      metadata: { ...(intent.metadata as Record<string, string>) },
      outcome: succeeded
        ? { network_status: 'approved_by_network', reason: null, seller_message: 'Payment complete.', type: 'authorized' }
        : { network_status: 'declined_by_network', reason: error?.decline_code ?? null, seller_message: 'The bank did not return any further details with this decline.', type: 'issuer_declined' },
      paid: succeeded,
      payment_intent: intent.id,
      refunded: false,
      status: succeeded ? 'succeeded' : 'failed',
    });
    intent.latest_charge = ch.id;
    emit(succeeded ? 'charge.succeeded' : 'charge.failed', ch, [intent.id, session.id]);
    return ch;
  }

  function succeed(session: StripeObject, intent: StripeObject): void {
    charge(session, intent, true, null);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, last_payment_error: null, next_action: null });
    emit('payment_intent.succeeded', intent, [session.id]);
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    emit('checkout.session.completed', session, [intent.id]);
  }

  function fail(session: StripeObject, intent: StripeObject, error: Record<string, string>): void {
    charge(session, intent, false, error);
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', ...error, payment_method: { id: newId('pm'), object: 'payment_method', type: 'card' } },
      next_action: null,
    });
    emit('payment_intent.payment_failed', intent, [session.id]);
  }

  function createSession(params: FormObject): StripeObject {
    if (str(params.mode) !== 'payment') throw new ApiError(400, 'invalid_request_error', 'Only mode=payment is supported by the local Stripe.', { param: 'mode' });
    const items = Array.isArray(params.line_items) ? params.line_items : [];
    if (items.length === 0) throw new ApiError(400, 'invalid_request_error', 'line_items is required in payment mode.', { param: 'line_items' });
    let amount = 0;
    let currency = '';
    const names: string[] = [];
    items.forEach((raw, i) => {
      const item = obj(raw);
      const price = obj(item.price_data);
      const unit = requiredInt(`line_items[${i}][price_data][unit_amount]`, price.unit_amount);
      const quantity = str(item.quantity) ? requiredInt(`line_items[${i}][quantity]`, item.quantity) : 1;
      const c = str(price.currency)?.toLowerCase() ?? '';
      if (!/^[a-z]{3}$/.test(c)) throw new ApiError(400, 'invalid_request_error', 'Invalid currency.', { param: `line_items[${i}][price_data][currency]` });
      if (currency && c !== currency) throw new ApiError(400, 'invalid_request_error', 'All line items must share one currency.', { param: 'line_items' });
      currency = c;
      amount += unit * quantity;
      names.push(str(obj(price.product_data).name) ?? 'Item');
    });
    const successUrl = str(params.success_url);
    if (!successUrl) throw new ApiError(400, 'invalid_request_error', 'Missing required param: success_url.', { param: 'success_url' });
    const customer = str(params.customer);
    if (customer) get(customer, 'customer');
    const id = newId('cs_test');
    return put({
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: str(params.cancel_url) ?? null,
      client_reference_id: str(params.client_reference_id) ?? null,
      created: now(),
      currency,
      customer: customer ?? null,
      customer_email: str(params.customer_email) ?? null,
      expires_at: Number(str(params.expires_at) ?? now() + 24 * 3600),
      livemode: false,
      metadata: metadataOf(params.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      url: `${baseUrl}/pay/${id}`,
      // Not part of Stripe's shape: what the payment intent will carry (payment_intent_data[metadata]).
      payment_intent_metadata: { ...metadataOf(params.metadata), ...metadataOf(obj(params.payment_intent_data).metadata) },
      description_text: names.join(', '),
    });
  }

  /** The session as Stripe shows it: without the stand-in's own fields. */
  function publicSession(session: StripeObject): StripeObject {
    const { payment_intent_metadata: _m, description_text: _d, ...rest } = session;
    return rest as StripeObject;
  }

  function view(o: StripeObject, expand: string[]): StripeObject {
    const out = o.object === 'checkout.session' ? publicSession(o) : { ...o };
    for (const field of expand) {
      const id = out[field];
      if (typeof id === 'string' && objects.has(id)) out[field] = view(objects.get(id)!, []);
    }
    return out;
  }

  function createRefund(params: FormObject, request: { id: string; idempotency_key: string | null }): StripeObject {
    const piId = str(params.payment_intent);
    const chargeId = str(params.charge);
    const intent = piId ? get(piId, 'payment_intent') : chargeId ? get(String(get(chargeId, 'charge').payment_intent), 'payment_intent') : null;
    if (!intent) throw new ApiError(400, 'invalid_request_error', 'One of charge or payment_intent is required.', { param: 'payment_intent' });
    if (intent.status !== 'succeeded' || typeof intent.latest_charge !== 'string') {
      throw new ApiError(400, 'invalid_request_error', `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, { code: 'charge_not_refundable' });
    }
    const ch = get(intent.latest_charge, 'charge');
    const left = Number(ch.amount) - Number(ch.amount_refunded);
    const amount = str(params.amount) ? requiredInt('amount', params.amount) : left;
    if (amount > left) {
      throw new ApiError(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, { code: 'amount_too_large', param: 'amount' });
    }
    const refund = put({
      id: newId('re'),
      object: 'refund',
      amount,
      charge: ch.id,
      created: now(),
      currency: ch.currency,
      metadata: metadataOf(params.metadata),
      payment_intent: intent.id,
      reason: str(params.reason) ?? null,
      status: 'succeeded',
    });
    Object.assign(ch, { amount_refunded: Number(ch.amount_refunded) + amount, refunded: Number(ch.amount_refunded) + amount === Number(ch.amount) });
    emit('refund.created', refund, [intent.id], request);
    emit('charge.refunded', ch, [intent.id, refund.id], request);
    return refund;
  }

  // -------------------------------------------------------------------------
  // The API
  // -------------------------------------------------------------------------
  function api(method: string, path: string, params: FormObject, query: URLSearchParams, request: { id: string; idempotency_key: string | null }): StripeObject | Record<string, unknown> {
    // GET sends expand[0]=… in the query, POST in the body.
    const asked = [parseForm(query.toString()).expand, params.expand];
    const expand = asked.flatMap((e) => (Array.isArray(e) ? e.filter((x): x is string => typeof x === 'string') : []));
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = put({
        id: newId('cus'),
        object: 'customer',
        created: now(),
        description: str(params.description) ?? null,
        email: str(params.email) ?? null,
        livemode: false,
        metadata: metadataOf(params.metadata),
        name: str(params.name) ?? null,
      });
      emit('customer.created', customer, [], request);
      return customer;
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) return get(m[1], 'customer');
    if (method === 'POST' && path === '/v1/checkout/sessions') return publicSession(createSession(params));
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) return view(get(m[1], 'checkout.session'), expand);
    if (method === 'POST' && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      const session = get(m[1], 'checkout.session');
      if (session.status !== 'open') throw new ApiError(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`);
      session.status = 'expired';
      emit('checkout.session.expired', session, [], request);
      return publicSession(session);
    }
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) return view(get(m[1], 'payment_intent'), expand);
    if (method === 'GET' && (m = /^\/v1\/charges\/([^/]+)$/.exec(path))) return get(m[1], 'charge');
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params, request);
    if (method === 'GET' && (m = /^\/v1\/refunds\/([^/]+)$/.exec(path))) return get(m[1], 'refund');
    if (method === 'GET' && (m = /^\/v1\/events\/([^/]+)$/.exec(path))) {
      const stored = eventsById.get(m[1]);
      if (!stored) throw new ApiError(404, 'invalid_request_error', `No such event: '${m[1]}'`, { code: 'resource_missing', param: 'id' });
      return stored.event;
    }
    if (method === 'GET' && path === '/v1/events') {
      const type = query.get('type');
      const limit = Math.min(Number(query.get('limit') ?? 10) || 10, 100);
      const data = events.map((e) => e.event).filter((e) => !type || e.type === type).reverse();
      return { object: 'list', data: data.slice(0, limit), has_more: data.length > limit, url: '/v1/events' };
    }
    throw new ApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  }

  function apiRequest(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
    const requestId = newId('req');
    const common = { 'request-id': requestId, 'stripe-version': STRIPE_API_VERSION };
    const fail = (e: ApiError) =>
      send(res, e.status, JSON.stringify({ error: { type: e.type, message: e.message, ...e.extra } }), common);
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (auth !== options.secretKey) {
      return fail(new ApiError(401, 'invalid_request_error', `Invalid API Key provided: ${(auth ?? '').slice(0, 8)}***`));
    }
    const method = req.method ?? 'GET';
    const key = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) ?? null : null;
    const params = canonicalForm(body);
    if (key) {
      const earlier = idempotency.get(key);
      if (earlier) {
        if (earlier.method !== method || earlier.path !== url.pathname || earlier.params !== params) {
          return fail(new ApiError(400, 'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`));
        }
        return send(res, earlier.status, earlier.body, { ...common, 'idempotent-replayed': 'true', 'idempotency-key': key });
      }
    }
    let status = 200;
    let answer: string;
    try {
      answer = JSON.stringify(api(method, url.pathname, parseForm(body), url.searchParams, { id: requestId, idempotency_key: key }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      answer = JSON.stringify({ error: { type: error.type, message: error.message, ...error.extra } });
    }
    // Stripe keeps the answer to a key for 24 hours, errors from validation included.
    if (key) idempotency.set(key, { method, path: url.pathname, params, status, body: answer });
    send(res, status, answer, key ? { ...common, 'idempotency-key': key } : common);
  }

  // -------------------------------------------------------------------------
  // The hosted payment page
  // -------------------------------------------------------------------------
  function html(res: ServerResponse, status: number, text: string): void {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(text);
  }
  function redirect(res: ServerResponse, to: string): void {
    res.writeHead(303, { location: to });
    res.end();
  }
  const successTarget = (session: StripeObject) => String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);

  function hostedPage(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
    const m = /^\/pay\/([^/]+)(\/authenticate)?$/.exec(url.pathname)!;
    const session = objects.get(m[1]);
    if (!session || session.object !== 'checkout.session') return html(res, 404, messagePage('Not found', 'This payment page does not exist.'));
    const amount = Number(session.amount_total);
    const currency = String(session.currency);
    const pagePlain = (error?: string) =>
      paymentPage({ sessionId: session.id, description: String(session.description_text), amount, currency, cancelUrl: session.cancel_url as string | null, error });
    if (session.status === 'complete') return req.method === 'GET' ? redirect(res, successTarget(session)) : html(res, 409, messagePage('Already paid', 'This payment is complete.'));
    if (session.status === 'expired') return html(res, 410, messagePage('Expired', 'This payment page has expired. Return to the merchant and start again.'));
    const form = new URLSearchParams(body);

    if (m[2]) {
      const intent = intentFor(session);
      if (intent.status !== 'requires_action') return redirect(res, `/pay/${session.id}`);
      if (req.method === 'GET') return html(res, 200, authenticationPage(session.id, amount, currency));
      if (form.get('outcome') === 'complete') {
        succeed(session, intent);
        return redirect(res, successTarget(session));
      }
      fail(session, intent, AUTH_FAILED);
      return html(res, 402, pagePlain(AUTH_FAILED.message));
    }
    if (req.method === 'GET') return html(res, 200, pagePlain());
    const number = (form.get('card') ?? '').replace(/\D/g, '');
    const outcome = CARDS[number];
    if (!outcome) return html(res, 400, pagePlain('Your card number is incorrect.'));
    const intent = intentFor(session);
    if (outcome === 'declined') {
      fail(session, intent, DECLINE);
      return html(res, 402, pagePlain(DECLINE.message));
    }
    if (outcome === 'authenticate') {
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
      emit('payment_intent.requires_action', intent, [session.id]);
      return redirect(res, `/pay/${session.id}/authenticate`);
    }
    succeed(session, intent);
    redirect(res, successTarget(session));
  }

  // -------------------------------------------------------------------------
  // Control (the stand-in's own, for tests and the bench)
  // -------------------------------------------------------------------------
  async function control(res: ServerResponse, url: URL, body: string): Promise<void> {
    const input = (body ? JSON.parse(body) : {}) as {
      hold?: boolean;
      related?: string;
      events?: string[];
      order?: number[];
      times?: number;
      concurrent?: boolean;
      delayMs?: number;
      fail?: 'signature' | 'stale';
      failing?: boolean;
    };
    if (url.pathname === '/_control/api') {
      // Stripe having an outage: every API call answers 500 until cleared (the bench's retry measure).
      if (typeof input.failing === 'boolean') apiFailing = input.failing;
      return send(res, 200, JSON.stringify({ failing: apiFailing }));
    }
    if (url.pathname === '/_control/webhooks') {
      // Held events wait for /_control/deliver; releasing the hold leaves them waiting too.
      if (typeof input.hold === 'boolean') hold = input.hold;
      return send(res, 200, JSON.stringify({ hold }));
    }
    if (url.pathname === '/_control/objects') {
      // Checkout Sessions and the rest by kind and by metadata.invoice_id: what a test counts at the provider.
      const kind = url.searchParams.get('object');
      const invoice = url.searchParams.get('invoice');
      const list = [...objects.values()].filter(
        (o) => (!kind || o.object === kind) && (!invoice || (o.metadata as Record<string, string> | undefined)?.invoice_id === invoice),
      );
      return send(res, 200, JSON.stringify(list.map((o) => (o.object === 'checkout.session' ? publicSession(o) : o))));
    }
    if (url.pathname === '/_control/events') {
      const related = url.searchParams.get('related');
      const list = events.filter((e) => !related || e.related.includes(related));
      return send(res, 200, JSON.stringify(list.map((e) => ({ id: e.event.id, type: e.event.type, delivered: e.delivered, deliveries: e.deliveries }))));
    }
    if (url.pathname === '/_control/deliver') {
      const chosen = (input.events ?? events.filter((e) => !e.delivered).map((e) => e.event.id)).map((id) => {
        const stored = eventsById.get(id);
        if (!stored) throw new ApiError(404, 'invalid_request_error', `No such event: '${id}'`);
        return stored;
      });
      const ordered = input.order ? input.order.map((i) => chosen[i]) : chosen;
      const round = Array.from({ length: input.times ?? 1 }, () => ordered).flat();
      const opts = { fail: input.fail, delayMs: input.delayMs };
      const results = input.concurrent
        ? await Promise.all(round.map((e) => deliverOnce(e, opts)))
        : await round.reduce<Promise<Awaited<ReturnType<typeof deliverOnce>>[]>>(
            async (acc, e) => [...(await acc), await deliverOnce(e, opts)],
            Promise.resolve([]),
          );
      return send(res, 200, JSON.stringify(results));
    }
    send(res, 404, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown control endpoint.' } }));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', baseUrl);
      const done = (error: unknown) => {
        if (error instanceof ApiError) return send(res, error.status, JSON.stringify({ error: { type: error.type, message: error.message } }));
        log(`[stripe] ${String(error)}`);
        if (!res.headersSent) send(res, 500, JSON.stringify({ error: { type: 'api_error', message: 'The local Stripe failed.' } }));
      };
      try {
        if (url.pathname.startsWith('/v1/')) {
          if (apiFailing) return send(res, 500, JSON.stringify({ error: { type: 'api_error', message: 'The local Stripe is failing on purpose (/_control/api).' } }));
          return apiRequest(req, res, url, body);
        }
        if (url.pathname.startsWith('/pay/')) return hostedPage(req, res, url, body);
        if (url.pathname.startsWith('/_control/')) return void control(res, url, body).catch(done);
        if (url.pathname === '/health') return send(res, 200, JSON.stringify({ ok: true }));
        send(res, 404, JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } }));
      } catch (error) {
        done(error);
      }
    });
  });
  keepAliveWithoutRace(server);
  server.listen(options.port, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${host}:${port}`;
  log(`[stripe] listening on ${baseUrl}`);
  return {
    url: baseUrl,
    port,
    stop: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
