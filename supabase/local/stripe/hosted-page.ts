/**
 * The local Stripe's hosted payment page (what Checkout's `session.url`
 * opens): the amount, one card field, the card's answer in words, and for a
 * card that asks for authentication a confirm step standing in for 3-D Secure.
 * Plain HTML forms, no script: it is a stand-in, not Stripe's UI.
 */
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function formatAmount(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin:1rem 0 .25rem}input{font-size:1.1rem;padding:.5rem;width:100%;box-sizing:border-box}
button{margin-top:1rem;font-size:1rem;padding:.6rem 1.2rem}[role=alert]{color:#b00020;margin-top:1rem}.test{color:#6b5b00;background:#fff3c4;padding:.25rem .5rem}</style>
</head><body><p class="test">Local Stripe — test mode</p>${body}</body></html>`;
}

export interface PaymentPageInput {
  sessionId: string;
  description: string;
  amount: number;
  currency: string;
  cancelUrl: string | null;
  error?: string;
}

export function paymentPage(input: PaymentPageInput): string {
  const alert = input.error ? `<p role="alert">${escape(input.error)}</p>` : '';
  const back = input.cancelUrl ? `<p><a href="${escape(input.cancelUrl)}">Back to the merchant</a></p>` : '';
  return page(
    'Pay',
    `<h1>Pay ${escape(formatAmount(input.amount, input.currency))}</h1>
<p>${escape(input.description)}</p>
<form method="post" action="/pay/${escape(input.sessionId)}">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<button type="submit">Pay</button>
</form>${alert}${back}`,
  );
}

export function authenticationPage(sessionId: string, amount: number, currency: string): string {
  return page(
    'Authenticate the payment',
    `<h1>Authenticate the payment</h1>
<p>Your bank asks you to confirm this payment of ${escape(formatAmount(amount, currency))}.</p>
<form method="post" action="/pay/${escape(sessionId)}/authenticate">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button>
</form>`,
  );
}

export function messagePage(title: string, text: string): string {
  return page(title, `<h1>${escape(title)}</h1><p>${escape(text)}</p>`);
}
