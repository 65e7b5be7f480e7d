/**
 * An issued invoice or credit note as an e-mail to the organisation's billing
 * address, with its PDF attached: what it is, the amount, when it is due and
 * how to pay, in words an accounts department can act on without an Accord
 * account. The PDF is the document; this text only points at it.
 */
import type { InvoiceDocument } from '../_shared/billing/invoice-document.ts';
import { formatMinor } from '../_shared/billing/money.ts';
import { groupsOfFour } from '../_shared/billing/payment-reference.ts';
import { accordEmailDocument, escapeHtml, type RenderedEmail } from '../_shared/email-format.ts';

export type InvoiceEmailReason = 'issued' | 'sent_again';

/** "1 December 2026" for an ISO date, read as a calendar day (no time zone shift). */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

export function renderInvoiceEmail(document: InvoiceDocument, reason: InvoiceEmailReason): RenderedEmail {
  const isInvoice = document.kind === 'invoice';
  const what = isInvoice ? 'Invoice' : 'Credit note';
  const subject = `${what} ${document.number} from ${document.seller.name}${reason === 'sent_again' ? ' (sent again)' : ''}`;
  const total = formatMinor(document.totalMinor, document.currency);

  const lines: string[] = [];
  if (isInvoice) {
    lines.push(`${document.seller.name} has issued invoice ${document.number} to ${document.buyer.name} for ${total}${document.dueDate ? `, due on ${formatDay(document.dueDate)}` : ''}.`);
    const payment = document.payment;
    if (payment?.iban) {
      lines.push(
        `Pay by bank transfer to ${payment.beneficiary}, IBAN ${groupsOfFour(payment.iban)}${payment.bic ? `, BIC ${payment.bic}` : ''}` +
          `${payment.rfReference ? `, with the reference ${groupsOfFour(payment.rfReference)}` : ''}. The attached PDF has a QR code your banking app can scan.`,
      );
    }
  } else {
    lines.push(
      `${document.seller.name} has issued credit note ${document.number} to ${document.buyer.name} for ${total}` +
        `${document.credits ? `, correcting invoice ${document.credits.invoiceNumber}: ${document.credits.reason}` : ''}.`,
    );
  }
  if (reason === 'sent_again') lines.push('This document was issued earlier and is sent again at your or the network’s request.');
  lines.push(`The ${what.toLowerCase()} is attached as a PDF. It was sent to this address because it is the billing e-mail of ${document.buyer.name} at Accord.`);

  const html = accordEmailDocument(
    subject,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${escapeHtml(`${what} ${document.number}`)}</h1>
<p style="margin:0 0 16px;font-size:28px;font-weight:700;">${escapeHtml(total)}</p>
${lines.map((line) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(line)}</p>`).join('\n')}`,
  );
  const text = [`${what} ${document.number}`, '', total, '', ...lines.flatMap((line) => [line, '']), '— Accord'].join('\n');
  return { subject, html, text };
}
