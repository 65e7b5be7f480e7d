import { Button, Container, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { ConfirmDialog } from '../../components/dialogs';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { useConfirm } from '../../components/use-confirm';
import { supabase, type AccordClient } from '../../data/client';
import { pricingKeys } from '../../data/pricing/keys';
import { useAdminPricingPlans, type AdminPricingPlan } from '../../data/pricing/list-admin-pricing-plans';
import { movePricingPlan, type MoveDirection } from '../../data/pricing/move-pricing-plan';
import { savePricingPlan, type PricingPlanDraft } from '../../data/pricing/save-pricing-plan';
import { setPricingPlanArchived } from '../../data/pricing/set-pricing-plan-archived';
import { PlanDialog } from './pricing/plan-dialog';
import { PlanList } from './pricing/plan-list';


/**
 * /admin/pricing: the plans in the order /pricing shows them; add, edit,
 * highlight, archive and restore, and move up or down. Every change is an
 * RPC the database checks and records (docs/decisions/053-pricing-admin.md);
 * /pricing reads the plans in the visitor's browser, so it shows a change on
 * the next visit without a rebuild.
 */
export default function AdminPricingPage({ client = supabase }: { client?: AccordClient }) {
  const plans = useAdminPricingPlans(client);
  const [editing, setEditing] = useState<AdminPricingPlan | 'new' | null>(null);

  const save = useCommand({
    run: (draft: PricingPlanDraft) => savePricingPlan(client, draft),
    refresh: pricingKeys.afterChange(),
    success: (_, draft) => ({
      title: draft.id ? 'Plan saved' : 'Plan added',
      description: `${draft.name} shows on the pricing page as you saved it.`,
    }),
  });
  const archive = useCommand({
    run: (plan: AdminPricingPlan) => setPricingPlanArchived(client, { id: plan.id, archived: true }),
    refresh: pricingKeys.afterChange(),
    success: (_, plan) => ({ title: 'Plan archived', description: `${plan.name} is no longer shown on the pricing page. Its prices are kept.` }),
  });
  const archiving = useConfirm(archive);
  const restore = useCommand({
    run: (plan: AdminPricingPlan) => setPricingPlanArchived(client, { id: plan.id, archived: false }),
    refresh: pricingKeys.afterChange(),
    success: (_, plan) => ({ title: 'Plan shown again', description: `${plan.name} is back on the pricing page.` }),
    failureToast: 'The plan was not shown again',
  });
  const move = useCommand({
    run: (args: { plan: AdminPricingPlan; direction: MoveDirection }) => movePricingPlan(client, { id: args.plan.id, direction: args.direction }),
    refresh: pricingKeys.afterChange(),
    failureToast: 'The plan was not moved',
  });


  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <PageHeader
          eyebrow="Back office"
          title="Pricing plans"
          intro="The membership plans /pricing shows, in the order shown. Changes reach visitors at once; earlier prices are kept with their dates for invoicing."
          actions={<Button onClick={() => setEditing('new')}>Add plan</Button>}
        />
        <QueryView
          query={plans}
          loading="Loading the plans…"
          errorTitle="The plans could not be loaded"
          staleErrorTitle="The plans could not be refreshed"
          isEmpty={(data) => data.length === 0}
          empty={
            <EmptyMessage title="No plans yet">
              Add the first plan with “Add plan”. It shows on the pricing page as soon as it is saved.
            </EmptyMessage>
          }
        >
          {(data) => (
            <PlanList
              plans={data}
              moving={move.pending ? { id: move.pending.plan.id, direction: move.pending.direction } : null}
              busy={move.busy || restore.busy}
              onMove={(plan, direction) => void move.run({ plan, direction })}
              onEdit={setEditing}
              onArchive={archiving.ask}
              onRestore={(plan) => void restore.run(plan)}
            />
          )}
        </QueryView>
        <Text color="fg.muted" textStyle="sm">
          Archived plans stay here, with their prices, so they can be shown again and named on invoices.
        </Text>
      </Stack>

      <PlanDialog editing={editing} onClose={() => setEditing(null)} save={save} />
      <ConfirmDialog
        {...archiving.dialog}
        title={`Archive ${archiving.subject?.name ?? 'this plan'}?`}
        description="It will no longer be shown on the pricing page. Organisations already on it keep it, its prices are kept for invoices, and you can show it again at any time."
        confirmLabel="Archive plan"
        busyLabel="Archiving…"
        cancelLabel="Keep it shown"
        destructive
        failureTitle="The plan was not archived"
      />
    </Container>
  );
}
