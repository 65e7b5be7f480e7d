import type { InvoiceDocument, InvoiceLine } from '../../supabase/functions/_shared/billing/invoice-document.ts';

/**
 * Invoice documents as invoice_document() returns them (the contract in
 * docs/decisions/071-invoice-documents.md), for the renderer's tests and the
 * bench: a Dutch seller billing a Polish member with a VAT id (reverse
 * charge), with the names that need more than Latin-1.
 */
export function reverseChargeInvoice(): InvoiceDocument {
  return {
    id: '5f0c3c1e-9a0e-4d8e-9a53-2a4f0b9d1c42',
    kind: 'invoice',
    status: 'issued',
    number: 'ACC-2026-000042',
    issueDate: '2026-11-27',
    dueDate: '2026-12-27',
    periodStart: '2026-12-01',
    periodEnd: '2027-11-30',
    currency: 'EUR',
    reverseCharge: true,
    vatNote: 'Reverse charge',
    seller: {
      name: 'Accord Øresund Network B.V.',
      addressLines: ['Keizersgracht 1', '1015 CJ Amsterdam'],
      country: 'NL',
      vatId: 'NL123456789B01',
      email: 'billing@accord.test',
      iban: 'NL91ABNA0417164300',
      bic: 'ABNANL2A',
    },
    buyer: {
      name: 'Przędzalnia Łódź Sp. z o.o.',
      addressLines: ['ul. Piotrkowska 12', '90-001 Łódź'],
      country: 'PL',
      vatId: 'PL5260250274',
      poReference: 'PO-7781',
    },
    lines: [
      { description: 'Membership Network plan, 2026-12-01 – 2027-11-30', quantity: 1, unitAmountMinor: 120000, amountMinor: 120000, vatRateBp: 0 },
    ],
    vatBreakdown: [{ rateBp: 0, taxableMinor: 120000, vatMinor: 0 }],
    subtotalMinor: 120000,
    vatMinor: 0,
    totalMinor: 120000,
    credits: null,
    payment: { rfReference: 'RF79ACC2026000042', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', beneficiary: 'Accord Øresund Network B.V.', termsDays: 30 },
  };
}

/** A domestic invoice of `lineCount` lines at two rates (21 % and 9 %), to a buyer in Germany's Straße. */
export function domesticInvoice(lineCount = 3): InvoiceDocument {
  const base = reverseChargeInvoice();
  const lines: InvoiceLine[] = Array.from({ length: lineCount }, (_, index) => {
    const unit = 1000 + index * 137;
    const quantity = 1 + (index % 3);
    return {
      description: `Workshop seat ${index + 1}: trust registry onboarding for a member team, with materials`,
      quantity,
      unitAmountMinor: unit,
      amountMinor: unit * quantity,
      vatRateBp: index % 4 === 0 ? 900 : 2100,
    };
  });
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.vatRateBp, (byRate.get(line.vatRateBp) ?? 0) + line.amountMinor);
  const vatBreakdown = [...byRate].map(([rateBp, taxableMinor]) => ({
    rateBp,
    taxableMinor,
    vatMinor: Math.round((taxableMinor * rateBp) / 10000),
  }));
  const subtotalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const vatMinor = vatBreakdown.reduce((sum, rate) => sum + rate.vatMinor, 0);
  return {
    ...base,
    id: '0b7e2f4a-3c1d-4e5f-8a9b-1c2d3e4f5a6b',
    number: 'ACC-2026-000043',
    reverseCharge: false,
    vatNote: null,
    buyer: { name: 'Müller & Söhne GmbH', addressLines: ['Hauptstraße 5', '10115 Berlin'], country: 'DE', vatId: 'DE136695976', poReference: null },
    lines,
    vatBreakdown,
    subtotalMinor,
    vatMinor,
    totalMinor: subtotalMinor + vatMinor,
    payment: { ...base.payment!, rfReference: 'RF52ACC2026000043' },
  };
}

/** A full credit note of the reverse-charge invoice. */
export function creditNote(): InvoiceDocument {
  const invoice = reverseChargeInvoice();
  return {
    ...invoice,
    id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
    kind: 'credit_note',
    number: 'ACC-CN-2026-000007',
    dueDate: null,
    credits: { invoiceNumber: 'ACC-2026-000042', reason: 'The membership was ended before the period began.' },
    payment: null,
  };
}

/** The next period's draft: no number, no reference yet. */
export function draftInvoice(): InvoiceDocument {
  return { ...reverseChargeInvoice(), status: 'draft', number: null, issueDate: null, dueDate: null, payment: { ...reverseChargeInvoice().payment!, rfReference: null } };
}
