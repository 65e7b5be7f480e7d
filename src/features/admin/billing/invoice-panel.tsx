import { Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { ConfirmDialog } from '../../../components/dialogs';
import { DataTable } from '../../../components/data-table';
import { formatBillingPeriod, formatCalendarDay, formatCount, formatDayAndTime, formatMoney, formatVatRate } from '../../../components/formats';
import { useSignedUrl } from '../../../components/open-file';
import { QueryView } from '../../../components/query-view';
import { StatusBadge } from '../../../components/status-badge';
import { useCommand } from '../../../components/use-command';
import { useConfirm } from '../../../components/use-confirm';
import { billingToday } from '../../../data/billing/billing-today';
import { useInvoiceDetail, type InvoiceDetail } from '../../../data/billing/get-invoice-detail';
import { issueInvoice, issueInvoiceChanges } from '../../../data/billing/issue-invoice';
import { openInvoicePdf } from '../../../data/billing/open-invoice-pdf';
import type { PaymentMethod } from '../../../data/billing/record-payment';
import { sendInvoiceAgain, sendInvoiceAgainChanges } from '../../../data/billing/send-invoice-again';
import type { AccordClient } from '../../../data/client';
import { DOCUMENT_STATE, documentState, KIND_LABEL, PAYMENT_METHOD_LABEL } from '../../../components/billing-labels';
import { actionLabel } from '../audit-action-labels';
import { CreditNoteDialog, type CreditTarget } from './credit-note-dialog';
import { RecordPaymentDialog, type PaymentTarget } from './record-payment-dialog';
import { RefundCardDialog, type RefundTarget } from './refund-card-dialog';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h3" id={id} textStyle="md" fontWeight="semibold">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0" direction={{ base: 'column', sm: 'row' }} columnGap="4">
      <Text minW="11rem" color="fg.muted" textStyle="sm">
        {label}
      </Text>
      <Text wordBreak="break-word">{children === null || children === undefined || children === '' ? '—' : children}</Text>
    </Stack>
  );
}

function Detail({ client, invoice, hrefFor }: { client: AccordClient; invoice: InvoiceDetail; hrefFor: (id: string) => string }) {
  const [paying, setPaying] = useState<PaymentTarget | null>(null);
  const [crediting, setCrediting] = useState<CreditTarget | null>(null);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const title = invoice.number ?? `Draft ${KIND_LABEL[invoice.kind].toLowerCase()}`;
  const issue = useConfirm(
    useCommand({
      run: () => issueInvoice(client, invoice.id),
      refresh: issueInvoiceChanges,
      success: () => ({
        title: 'Invoice issued',
        description: `${invoice.organizationName} is told by notification and e-mail; its billing e-mail, if set, gets the PDF.`,
      }),
    }),
  );
  const sendAgain = useConfirm(
    useCommand({
      run: () => sendInvoiceAgain(client, invoice.id),
      refresh: sendInvoiceAgainChanges(invoice.id),
      success: (recipients) => ({
        title: 'Invoice sent again',
        description: `Sent to ${formatCount(recipients)} ${recipients === 1 ? 'recipient' : 'recipients'} at ${invoice.organizationName}.`,
      }),
    }),
  );
  const pdf = useSignedUrl({
    sign: () => openInvoicePdf(client, invoice.id),
    target: { save: `${invoice.number ?? `draft-${invoice.id}`}.pdf` },
    failureToast: 'The PDF could not be downloaded',
  });
  const issued = invoice.status === 'issued';
  const isInvoice = invoice.kind === 'invoice';
  return (
    <Stack gap="8">
      <Stack gap="3">
        <Flex gap="3" align="center" wrap="wrap">
          <Heading as="h2" textStyle="xl">
            {title}
          </Heading>
          <StatusBadge status={documentState(invoice)} map={DOCUMENT_STATE} />
        </Flex>
        <Text color="fg.muted">
          {KIND_LABEL[invoice.kind]} to {invoice.organizationName}
          {invoice.issueDate ? `, issued ${formatCalendarDay(invoice.issueDate)}` : ', not issued yet'}.
        </Text>
        <Flex gap="2" wrap="wrap">
          {!issued ? (
            <Button size="sm" onClick={() => issue.ask(undefined)}>
              Issue
            </Button>
          ) : null}
          {issued && isInvoice && invoice.balanceMinor > 0 ? (
            <Button
              size="sm"
              onClick={() =>
                setPaying({ organizationId: invoice.organizationId, organizationName: invoice.organizationName, invoice, currency: invoice.currency })
              }
            >
              Record a payment
            </Button>
          ) : null}
          {issued && isInvoice && invoice.totalMinor > invoice.creditedMinor ? (
            <Button size="sm" variant="outline" onClick={() => setCrediting(invoice)}>
              Issue a credit note
            </Button>
          ) : null}
          {issued ? (
            <Button size="sm" variant="outline" onClick={() => sendAgain.ask(undefined)}>
              Send again
            </Button>
          ) : null}
          <Button size="sm" variant="outline" loading={pdf.busy} loadingText="Preparing…" onClick={() => void pdf.open()}>
            Download PDF
          </Button>
        </Flex>
      </Stack>
      <Section title="Amounts">
        <Stack gap="2">
          <Fact label="Net">{formatMoney(invoice.subtotalMinor, invoice.currency)}</Fact>
          <Fact label="VAT">{formatMoney(invoice.vatMinor, invoice.currency)}</Fact>
          <Fact label="Total">{formatMoney(invoice.totalMinor, invoice.currency)}</Fact>
          {isInvoice && issued ? (
            <>
              <Fact label="Credited">{formatMoney(invoice.creditedMinor, invoice.currency)}</Fact>
              <Fact label="Paid">{formatMoney(invoice.paidMinor, invoice.currency)}</Fact>
              <Fact label="Balance">{formatMoney(invoice.balanceMinor, invoice.currency)}</Fact>
              <Fact label="Due">{formatCalendarDay(invoice.dueDate)}</Fact>
              <Fact label="Payment reference">{invoice.rfReference}</Fact>
            </>
          ) : null}
          {invoice.vatNote ? <Fact label="VAT note">{invoice.vatNote}</Fact> : null}
          {invoice.reason ? <Fact label="Reason">{invoice.reason}</Fact> : null}
          <Fact label="Period">
            {invoice.periodStart ? formatBillingPeriod(invoice.periodStart, invoice.periodEnd) : null}
          </Fact>
        </Stack>
      </Section>
      <Section title="Lines">
        <DataTable
          caption={`Lines of ${title}`}
          rows={invoice.lines}
          rowKey={(line) => line.position}
          columns={[
            { key: 'description', label: 'Description', unlabelledWhenStacked: true, cell: (line) => line.description },
            { key: 'quantity', label: 'Quantity', alignEnd: true, cell: (line) => line.quantity },
            { key: 'unit', label: 'Unit price', alignEnd: true, cell: (line) => formatMoney(line.unit_amount_minor, invoice.currency) },
            { key: 'rate', label: 'VAT rate', alignEnd: true, cell: (line) => (line.vat_rate_bp === null ? '—' : formatVatRate(line.vat_rate_bp)) },
            { key: 'amount', label: 'Amount', alignEnd: true, cell: (line) => formatMoney(line.amount_minor, invoice.currency) },
          ]}
        />
      </Section>
      <Section title="VAT per rate">
        {invoice.vatBreakdown.length === 0 ? (
          <Text color="fg.muted">Worked out when the invoice is issued.</Text>
        ) : (
          <DataTable
            caption={`VAT per rate of ${title}`}
            rows={invoice.vatBreakdown}
            rowKey={(row) => row.rate_bp}
            columns={[
              { key: 'rate', label: 'Rate', cell: (row) => formatVatRate(row.rate_bp) },
              { key: 'taxable', label: 'Taxable', alignEnd: true, cell: (row) => formatMoney(row.taxable_minor, invoice.currency) },
              { key: 'vat', label: 'VAT', alignEnd: true, cell: (row) => formatMoney(row.vat_minor, invoice.currency) },
            ]}
          />
        )}
      </Section>
      {isInvoice ? (
        <Section title="Payments">
          {invoice.payments.length === 0 ? (
            <Text color="fg.muted">No payment recorded.</Text>
          ) : (
            <DataTable
              caption={`Payments of ${title}`}
              rows={invoice.payments}
              rowKey={(payment) => payment.paymentId}
              columns={[
                { key: 'received', label: 'Received', cell: (payment) => formatCalendarDay(payment.receivedOn) },
                { key: 'method', label: 'Method', cell: (payment) => (payment.method ? (PAYMENT_METHOD_LABEL[payment.method as PaymentMethod] ?? payment.method) : '—') },
                { key: 'reference', label: 'Reference', cell: (payment) => payment.reference ?? '—' },
                { key: 'amount', label: 'Amount', alignEnd: true, cell: (payment) => formatMoney(payment.amountMinor, invoice.currency) },
                {
                  key: 'refunded',
                  label: 'Refunded',
                  alignEnd: true,
                  cell: (payment) => (payment.refundedMinor > 0 ? formatMoney(payment.refundedMinor, invoice.currency) : '—'),
                },
                {
                  key: 'refund',
                  label: 'Refund',
                  hideHeader: true,
                  cell: (payment) =>
                    payment.method === 'card' && payment.amountMinor > payment.refundedMinor ? (
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={`Refund the card payment of ${formatMoney(payment.amountMinor, invoice.currency)}`}
                        onClick={() =>
                          setRefunding({
                            paymentId: payment.paymentId,
                            invoiceId: invoice.id,
                            invoiceNumber: title,
                            currency: invoice.currency,
                            refundableMinor: payment.amountMinor - payment.refundedMinor,
                          })
                        }
                      >
                        Refund
                      </Button>
                    ) : null,
                },
              ]}
            />
          )}
        </Section>
      ) : null}
      <Section title={isInvoice ? 'Credit notes' : 'Credits invoice'}>
        {invoice.related.length === 0 ? (
          <Text color="fg.muted">None.</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none">
            {invoice.related.map((document) => (
              <li key={document.id}>
                <Link asChild variant="underline" color="brand.fg">
                  <RouterLink to={hrefFor(document.id)}>{document.number ?? 'Draft'}</RouterLink>
                </Link>{' '}
                {formatMoney(document.totalMinor, invoice.currency)}
              </li>
            ))}
          </Stack>
        )}
      </Section>
      <Section title="History">
        {invoice.history.length === 0 ? (
          <Text color="fg.muted">Nothing recorded yet.</Text>
        ) : (
          <Stack as="ol" gap="1" listStyleType="none">
            {invoice.history.map((entry) => (
              <li key={entry.id}>
                <Text as="span" color="fg.muted">
                  {formatDayAndTime(entry.occurredAt)}
                </Text>{' '}
                {actionLabel(entry.action)}
              </li>
            ))}
          </Stack>
        )}
      </Section>
      <ConfirmDialog
        {...issue.dialog}
        title={`Issue this draft for ${invoice.organizationName}?`}
        description="It gets the next number of its series, both parties’ details are copied into it, and it can no longer be changed; corrections are credit notes."
        confirmLabel="Issue"
        busyLabel="Issuing…"
        failureTitle="The invoice was not issued"
      />
      <ConfirmDialog
        {...sendAgain.dialog}
        title={`Send ${title} again?`}
        description={`${invoice.organizationName}’s admins get a notification and an e-mail with the invoice again.`}
        confirmLabel="Send again"
        busyLabel="Sending…"
        failureTitle="The invoice was not sent"
      />
      <RecordPaymentDialog client={client} target={paying} onClose={() => setPaying(null)} />
      <CreditNoteDialog client={client} invoice={crediting} onClose={() => setCrediting(null)} />
      <RefundCardDialog client={client} target={refunding} onClose={() => setRefunding(null)} />
    </Stack>
  );
}

/** One invoice or credit note with everything about it and its actions (/admin/invoices?invoice=…). */
export function InvoicePanel({ client, invoiceId, backHref, hrefFor }: { client: AccordClient; invoiceId: string; backHref: string; hrefFor: (id: string) => string }) {
  const detail = useInvoiceDetail(invoiceId, billingToday(), client);
  return (
    <Stack gap="4">
      <Link asChild variant="underline" color="brand.fg" alignSelf="start">
        <RouterLink to={backHref}>Back to the list</RouterLink>
      </Link>
      <QueryView query={detail} loading="Loading the invoice…" errorTitle="The invoice could not be loaded">
        {(invoice) => <Detail client={client} invoice={invoice} hrefFor={hrefFor} />}
      </QueryView>
    </Stack>
  );
}
