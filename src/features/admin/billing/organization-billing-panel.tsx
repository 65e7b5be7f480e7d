import { Button, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { BillingDetailsForm } from '../../../components/billing-details-form';
import { DataTable } from '../../../components/data-table';
import { FormDialog } from '../../../components/dialogs';
import { SelectField, TextField } from '../../../components/form-fields';
import { formatCalendarDay, formatMoney } from '../../../components/formats';
import { QueryView } from '../../../components/query-view';
import { useCommand } from '../../../components/use-command';
import { billingToday } from '../../../data/billing/billing-today';
import { changePlan, changePlanChanges, type PlanChangeEffective } from '../../../data/billing/change-plan';
import { useOrganizationBilling, type OrganizationBilling } from '../../../data/billing/get-organization-billing';
import { useBillablePlans } from '../../../data/billing/list-billable-plans';
import { previewPlanChange, type PlanChangePreview } from '../../../data/billing/preview-plan-change';
import { startMembership, startMembershipChanges } from '../../../data/billing/start-membership';
import type { AccordClient } from '../../../data/client';
import { RecordPaymentDialog, type PaymentTarget } from './record-payment-dialog';
import { BillingSection } from './section';

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Stack gap="0.5">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="medium">{children}</Text>
    </Stack>
  );
}

/**
 * A plan change: at the next period, or now after a preview of the credit
 * note and the new invoice. Confirming sends the preview's token; when the
 * amounts changed meanwhile the database refuses and the new preview is shown.
 */
function PlanChangeDialog({ client, billing, open, onClose }: { client: AccordClient; billing: OrganizationBilling; open: boolean; onClose: () => void }) {
  const plans = useBillablePlans(client);
  const [planId, setPlanId] = useState('');
  const [effective, setEffective] = useState<PlanChangeEffective>('next_period');
  const [preview, setPreview] = useState<PlanChangePreview | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const previewing = useCommand({ run: (plan: string) => previewPlanChange(client, billing.organizationId, plan) });
  const command = useCommand({
    run: (change: { planId: string; effective: PlanChangeEffective; previewToken: string | null }) =>
      changePlan(client, { organizationId: billing.organizationId, ...change }),
    refresh: changePlanChanges,
    success: (_, change) => ({
      title: change.effective === 'now' ? 'Plan changed' : 'Plan change planned',
      description: change.effective === 'now' ? 'The credit note and the new invoice are made.' : 'It takes effect at the next renewal.',
    }),
  });
  const close = () => {
    command.reset();
    previewing.reset();
    setPlanId('');
    setEffective('next_period');
    setPreview(null);
    setProblem(undefined);
    onClose();
  };
  const askPreview = (plan: string) =>
    void previewing.run(plan).then((result) => {
      if (result.ok) setPreview(result.value);
    });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={`Change ${billing.organizationName}’s plan`}
      submitLabel={effective === 'now' && !preview ? 'Preview' : 'Change plan'}
      busyLabel={previewing.busy ? 'Working out…' : 'Changing…'}
      busy={command.busy || previewing.busy}
      failure={command.error ?? previewing.error}
      failureTitle="The plan was not changed"
      onSubmit={() => {
        if (!planId) return setProblem('Choose the new plan.');
        setProblem(undefined);
        if (effective === 'now' && !preview) return askPreview(planId);
        void command.run({ planId, effective, previewToken: effective === 'now' ? (preview?.previewToken ?? null) : null }).then((result) => {
          if (result.ok) close();
          // The amounts moved on: show the new ones to confirm.
          else if (effective === 'now') askPreview(planId);
        });
      }}
    >
      <SelectField
        label="New plan"
        name="plan"
        required
        value={planId}
        error={problem}
        onChange={(value) => {
          setPlanId(value);
          setPreview(null);
        }}
        placeholder={plans.data ? 'Choose a plan' : 'Loading the plans…'}
        options={(plans.data ?? []).filter((plan) => plan.id !== billing.membership?.plan_id).map((plan) => ({ value: plan.id, label: plan.name }))}
      />
      <SelectField
        label="Takes effect"
        name="effective"
        required
        value={effective}
        onChange={(value) => {
          setEffective(value === 'now' ? 'now' : 'next_period');
          setPreview(null);
        }}
        placeholder="Choose when"
        options={[
          { value: 'next_period', label: 'At the next renewal' },
          { value: 'now', label: 'Now (credit the unused days)' },
        ]}
      />
      {preview ? (
        <Stack role="status" gap="1" borderWidth="1px" borderRadius="md" p="3">
          <Text fontWeight="medium">
            {preview.fromPlanName ?? 'Current plan'} → {preview.toPlanName} from {formatCalendarDay(preview.effectiveOn)}
          </Text>
          <Text>
            Credit note{preview.currentInvoiceNumber ? ` on ${preview.currentInvoiceNumber}` : ''}: {formatMoney(preview.creditMinor, preview.creditCurrency ?? preview.newCurrency)} for{' '}
            {preview.unusedDays} unused of {preview.periodDays} days.
          </Text>
          <Text>
            New invoice: {formatMoney(preview.newInvoiceMinor, preview.newCurrency)} ({formatMoney(preview.newSubtotalMinor, preview.newCurrency)} plus{' '}
            {formatMoney(preview.newVatMinor, preview.newCurrency)} VAT) for {formatCalendarDay(preview.newPeriodStart)} to {formatCalendarDay(preview.newPeriodEnd)}.
          </Text>
        </Stack>
      ) : null}
    </FormDialog>
  );
}

function StartMembershipDialog({ client, billing, open, onClose }: { client: AccordClient; billing: OrganizationBilling; open: boolean; onClose: () => void }) {
  const plans = useBillablePlans(client);
  const [planId, setPlanId] = useState('');
  const [startOn, setStartOn] = useState(() => billingToday());
  const [problems, setProblems] = useState<{ plan?: string; start?: string }>({});
  const command = useCommand({
    run: (start: { planId: string; startOn: string }) => startMembership(client, { organizationId: billing.organizationId, ...start }),
    refresh: startMembershipChanges,
    success: () => ({ title: 'Membership started', description: `${billing.organizationName}’s first period is drafted for invoicing.` }),
  });
  const close = () => {
    command.reset();
    setProblems({});
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={`Start ${billing.organizationName}’s membership`}
      submitLabel="Start membership"
      busyLabel="Starting…"
      busy={command.busy}
      failure={command.error}
      failureTitle="The membership was not started"
      onSubmit={() => {
        const found = { ...(planId ? {} : { plan: 'Choose the plan.' }), ...(/^\d{4}-\d{2}-\d{2}$/.test(startOn) ? {} : { start: 'Enter the first day as YYYY-MM-DD.' }) };
        setProblems(found);
        if (Object.keys(found).length > 0) return;
        void command.run({ planId, startOn }).then((result) => (result.ok ? close() : undefined));
      }}
    >
      <SelectField label="Plan" name="plan" required value={planId} onChange={setPlanId} error={problems.plan} placeholder="Choose a plan" options={(plans.data ?? []).map((plan) => ({ value: plan.id, label: plan.name }))} />
      <TextField label="First day (YYYY-MM-DD)" name="startOn" required value={startOn} onChange={setStartOn} error={problems.start} />
    </FormDialog>
  );
}

function Panel({ client, billing }: { client: AccordClient; billing: OrganizationBilling }) {
  const [changing, setChanging] = useState(false);
  const [starting, setStarting] = useState(false);
  const [paying, setPaying] = useState<PaymentTarget | null>(null);
  const { membership, period } = billing;
  const currency = period?.currency ?? billing.openInvoices[0]?.currency ?? 'EUR';
  return (
    <Stack gap="8">
      <BillingSection level="h3" title="Membership">
        {membership ? (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            <Fact label="Plan">{period?.plan_name ?? '—'}</Fact>
            <Fact label="Price">{period ? `${formatMoney(period.unit_amount_minor, period.currency)} a ${period.billing_period}` : '—'}</Fact>
            <Fact label="Current period">{`${formatCalendarDay(membership.current_period_start)} – ${formatCalendarDay(membership.current_period_end)}`}</Fact>
            <Fact label="Status">{membership.status === 'active' ? (billing.nextPlanName ? `Active; ${billing.nextPlanName} from the next renewal` : 'Active') : 'Ended'}</Fact>
          </SimpleGrid>
        ) : (
          <Text>No membership yet.</Text>
        )}
        <Flex gap="2" wrap="wrap">
          {membership?.status === 'active' ? (
            <Button size="sm" onClick={() => setChanging(true)}>
              Change plan
            </Button>
          ) : null}
          {!membership ? (
            <Button size="sm" onClick={() => setStarting(true)}>
              Start membership
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => setPaying({ organizationId: billing.organizationId, organizationName: billing.organizationName, invoice: null, currency })}>
            Record a payment
          </Button>
        </Flex>
      </BillingSection>
      <BillingSection level="h3" title="Open invoices">
        {billing.openInvoices.length === 0 ? (
          <Text>Nothing owed.</Text>
        ) : (
          <DataTable
            caption={`Open invoices of ${billing.organizationName}`}
            rows={billing.openInvoices}
            rowKey={(invoice) => invoice.id}
            columns={[
              { key: 'number', label: 'Number', unlabelledWhenStacked: true, cell: (invoice) => invoice.number },
              { key: 'due', label: 'Due', cell: (invoice) => formatCalendarDay(invoice.dueDate) },
              { key: 'balance', label: 'Balance', alignEnd: true, cell: (invoice) => formatMoney(invoice.balanceMinor, invoice.currency) },
              {
                key: 'pay',
                label: 'Action',
                hideHeader: true,
                cell: (invoice) => (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Record a payment for ${invoice.number ?? 'this invoice'}`}
                    onClick={() => setPaying({ organizationId: billing.organizationId, organizationName: billing.organizationName, invoice, currency: invoice.currency })}
                  >
                    Record payment
                  </Button>
                ),
              },
            ]}
          />
        )}
      </BillingSection>
      <BillingDetailsForm key={billing.organizationId} client={client} organizationId={billing.organizationId} profile={billing.profile} headingLevel="h3" />
      {membership ? <PlanChangeDialog client={client} billing={billing} open={changing} onClose={() => setChanging(false)} /> : null}
      <StartMembershipDialog client={client} billing={billing} open={starting} onClose={() => setStarting(false)} />
      <RecordPaymentDialog client={client} target={paying} onClose={() => setPaying(null)} />
    </Stack>
  );
}

/** One organisation's billing in the back office: membership, plan change, open invoices, payments and its billing profile. */
export function OrganizationBillingPanel({ client, organizationId }: { client: AccordClient; organizationId: string }) {
  const billing = useOrganizationBilling(organizationId, billingToday(), client);
  return (
    <QueryView query={billing} loading="Loading the organisation’s billing…" errorTitle="The organisation’s billing could not be loaded">
      {(data) => <Panel client={client} billing={data} />}
    </QueryView>
  );
}
