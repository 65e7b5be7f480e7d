import { Badge, Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

import { DataTable } from '../../components/data-table';
import { formatCalendarDay, formatMoney } from '../../components/formats';
import { useSignedUrl } from '../../components/open-file';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import { billingToday } from '../../data/billing/billing-today';
import { useBillingStanding, type BillingStanding } from '../../data/billing/get-billing-standing';
import { useMemberAccount, type MemberAccount, type MemberInvoice } from '../../data/billing/get-member-account';
import { openInvoicePdf } from '../../data/billing/open-invoice-pdf';
import { supabase, type AccordClient } from '../../data/client';
import { useTeamMembership } from '../../data/team/get-team-membership';
import { useSessionFacts } from '../../session/session-context';
import { epcPayable, epcQrPayload, groupsOfFour } from '../../../supabase/functions/_shared/billing/payment-reference';
import { BillingDetailsForm } from '../../components/billing-details-form';
import { DOCUMENT_STATE, documentState, KIND_LABEL, PERIOD_WORD } from '../../components/billing-labels';
import { CardPaymentResult, PayByCardButton, type OpenPaymentPage } from './billing/card-payment';
import { EpcQrCode } from './billing/epc-qr-code';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack as="section" aria-labelledby={id} gap="4">
      <Heading as="h2" id={id} textStyle="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0.5">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="medium">{children}</Text>
    </Stack>
  );
}

/** The plan and whether the account is in good standing: what every member may see (no amounts). */
function PlanAndStanding({ standing, account }: { standing: BillingStanding; account: MemberAccount | null }) {
  if (!standing.hasMembership) {
    return (
      <EmptyMessage title="No membership yet">
        The network has not started your organisation’s membership yet. Its admins hear from the network when it does.
      </EmptyMessage>
    );
  }
  const period = account?.period;
  return (
    <Section title="Your plan">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Fact label="Plan">{standing.planName ?? '—'}</Fact>
        {period ? <Fact label="Price">{`${formatMoney(period.unitAmountMinor, period.currency)} ${PERIOD_WORD[period.billingPeriod]}, excluding VAT`}</Fact> : null}
        <Fact label="Next renewal">{standing.status === 'ended' ? 'Membership ended' : formatCalendarDay(standing.nextRenewal)}</Fact>
        <Fact label="Standing">
          {standing.inGoodStanding ? (
            <Badge colorPalette="green" variant="subtle">
              In good standing
            </Badge>
          ) : (
            <Badge colorPalette="red" variant="subtle">
              An invoice is overdue
            </Badge>
          )}
        </Fact>
      </SimpleGrid>
      {account?.nextPlanName ? <Text color="fg.muted">From the next renewal your plan is {account.nextPlanName}.</Text> : null}
    </Section>
  );
}

function PdfButton({ client, invoice }: { client: AccordClient; invoice: MemberInvoice }) {
  const file = useSignedUrl({
    sign: () => openInvoicePdf(client, invoice.id),
    target: { save: `${invoice.number ?? 'invoice'}.pdf` },
    failureToast: `The PDF of ${invoice.number ?? 'this invoice'} could not be downloaded`,
  });
  return (
    <Button size="sm" variant="outline" loading={file.busy} loadingText="Preparing…" onClick={() => void file.open()} aria-label={`Download PDF: ${invoice.number ?? 'invoice'}`}>
      PDF
    </Button>
  );
}

function InvoiceTable({ client, invoices }: { client: AccordClient; invoices: MemberInvoice[] }) {
  return (
    <DataTable
      caption="Invoices and credit notes"
      rows={invoices}
      rowKey={(invoice) => invoice.id}
      columns={[
        { key: 'number', label: 'Number', unlabelledWhenStacked: true, cell: (invoice) => <Text fontWeight="medium">{invoice.number}</Text> },
        { key: 'kind', label: 'Kind', cell: (invoice) => KIND_LABEL[invoice.kind] },
        { key: 'issued', label: 'Issued', cell: (invoice) => formatCalendarDay(invoice.issueDate) },
        { key: 'due', label: 'Due', cell: (invoice) => (invoice.kind === 'invoice' ? formatCalendarDay(invoice.dueDate) : '—') },
        { key: 'amount', label: 'Amount', alignEnd: true, cell: (invoice) => formatMoney(invoice.totalMinor, invoice.currency) },
        { key: 'status', label: 'Status', cell: (invoice) => <StatusBadge status={documentState(invoice)} map={DOCUMENT_STATE} /> },
        { key: 'pdf', label: 'PDF', hideHeader: true, cell: (invoice) => <PdfButton client={client} invoice={invoice} /> },
      ]}
    />
  );
}

/** How to pay one open invoice: the seller's account as printed on it, its RF reference, and the EPC QR code for euro amounts. */
function HowToPay({ client, invoice, openPage }: { client: AccordClient; invoice: MemberInvoice; openPage?: OpenPaymentPage }) {
  const seller = invoice.seller;
  const iban = seller?.iban ?? null;
  const payload = useMemo(() => {
    if (!iban || !invoice.rfReference || !seller || !epcPayable(invoice.currency, invoice.balanceMinor)) return null;
    try {
      return epcQrPayload({ bic: seller.bic ?? null, name: seller.name, iban, amountMinor: invoice.balanceMinor, currency: invoice.currency, reference: invoice.rfReference });
    } catch {
      return null;
    }
  }, [iban, invoice, seller]);
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="6" borderWidth="1px" borderRadius="lg" p="4" align={{ md: 'center' }}>
      <Stack gap="2" flex="1" minW="0">
        <Heading as="h3" textStyle="md">
          {invoice.number}: {formatMoney(invoice.balanceMinor, invoice.currency)} to pay by {formatCalendarDay(invoice.dueDate)}
        </Heading>
        <Fact label="Beneficiary">{seller?.name ?? '—'}</Fact>
        <Fact label="IBAN">{iban ? groupsOfFour(iban) : '—'}</Fact>
        {seller?.bic ? <Fact label="BIC">{seller.bic}</Fact> : null}
        <Fact label="Payment reference">{invoice.rfReference ? groupsOfFour(invoice.rfReference) : invoice.number}</Fact>
        <Text textStyle="sm" color="fg.muted">
          Give the reference exactly as shown, so your payment is matched to this invoice.
        </Text>
        <Text textStyle="sm" color="fg.muted">
          Or pay it now by card, on our payment provider’s secure page.
        </Text>
        <PayByCardButton client={client} invoice={invoice} openPage={openPage} />
      </Stack>
      {payload ? <EpcQrCode payload={payload} label={`QR code to pay ${invoice.number} with a banking app`} /> : null}
    </Stack>
  );
}

function AdminBilling({ client, organizationId, account, openPage }: { client: AccordClient; organizationId: string; account: MemberAccount; openPage?: OpenPaymentPage }) {
  const open = account.invoices.filter((invoice) => invoice.kind === 'invoice' && invoice.balanceMinor > 0);
  // The payment provider's page sends the person back with ?invoice=…&payment=returned|cancelled.
  const [params, setParams] = useSearchParams();
  const returnedFor = params.get('payment') ? params.get('invoice') : null;
  const returnedInvoice = account.invoices.find((invoice) => invoice.id === returnedFor) ?? null;
  return (
    <>
      {returnedInvoice ? (
        <CardPaymentResult
          client={client}
          invoiceId={returnedInvoice.id}
          invoiceNumber={returnedInvoice.number}
          left={params.get('payment') === 'cancelled'}
          onDismiss={() => setParams({}, { replace: true })}
        />
      ) : null}
      <Section title="What is owed">
        {open.length === 0 ? (
          <Text>Nothing is owed: every invoice is paid or credited.</Text>
        ) : (
          <Stack gap="4">
            {open.map((invoice) => (
              <HowToPay key={invoice.id} client={client} invoice={invoice} openPage={openPage} />
            ))}
          </Stack>
        )}
      </Section>
      <Section title="Invoices and credit notes">
        {account.invoices.length === 0 ? (
          <EmptyMessage title="No invoices yet">Invoices appear here when the network issues them; your admins also get them by e-mail.</EmptyMessage>
        ) : (
          <InvoiceTable client={client} invoices={account.invoices} />
        )}
      </Section>
      <BillingDetailsForm client={client} organizationId={organizationId} profile={account.profile} />
    </>
  );
}

export interface MemberBillingProps {
  client: AccordClient;
  viewer: { organizationId: string; isAdmin: boolean };
  /** Billing's today (Europe/Amsterdam), for whether an invoice is overdue. */
  today?: string;
  /** How "Pay by card" leaves for the payment page (a test's own). */
  openPage?: OpenPaymentPage;
}

/** The billing of one organisation as its member sees it: admins see the amounts, invoices, how to pay and the billing details. */
export function MemberBilling({ client, viewer, today = billingToday(), openPage }: MemberBillingProps) {
  const standing = useBillingStanding(viewer.organizationId, client);
  const account = useMemberAccount(viewer.isAdmin ? viewer.organizationId : null, today, client);
  return (
    <QueryView query={standing} loading="Loading your plan…" errorTitle="Your plan could not be loaded">
      {(plan) => (
        <Stack gap="10">
          {viewer.isAdmin ? (
            <QueryView query={account} loading="Loading your invoices…" errorTitle="Your invoices could not be loaded">
              {(data) => (
                <Stack gap="10">
                  <PlanAndStanding standing={plan} account={data} />
                  {plan.hasMembership || data.invoices.length > 0 ? <AdminBilling client={client} organizationId={viewer.organizationId} account={data} openPage={openPage} /> : null}
                </Stack>
              )}
            </QueryView>
          ) : (
            <>
              <PlanAndStanding standing={plan} account={null} />
              <Text color="fg.muted">Your organisation’s admins see its invoices, what is owed and the billing details.</Text>
            </>
          )}
        </Stack>
      )}
    </QueryView>
  );
}

/** /dashboard/billing: the organisation's plan and standing for every member; amounts, invoices and billing details for its admins. */
export default function MemberBillingPage({ client = supabase }: { client?: AccordClient } = {}) {
  const facts = useSessionFacts();
  const membership = useTeamMembership(facts.status === 'signedIn' ? facts.userId : null, client);
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '8', md: '10' }}>
        <PageHeader eyebrow="Your organisation" title="Billing" intro="Your organisation’s plan, payment details and invoices." />
        <QueryView
          query={membership}
          loading="Loading your organisation…"
          errorTitle="Your organisation could not be loaded"
          isEmpty={(m) => m === null}
          empty={<EmptyMessage title="You are not in an organisation">Your account does not belong to an organisation yet.</EmptyMessage>}
        >
          {(m) => (m ? <MemberBilling client={client} viewer={{ organizationId: m.organizationId, isAdmin: m.role === 'admin' }} /> : null)}
        </QueryView>
      </Stack>
    </Container>
  );
}
