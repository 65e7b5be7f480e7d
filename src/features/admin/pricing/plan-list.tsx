import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';

import { DataTable, type Column } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import type { AdminPricingPlan } from '../../../data/pricing/list-admin-pricing-plans';
import type { MoveDirection } from '../../../data/pricing/move-pricing-plan';
import { PLAN_STATUS, planPriceText, planStatus } from './plan-status';

export interface PlanListProps {
  plans: AdminPricingPlan[];
  /** The move under way, if any: its button shows it. */
  moving: { id: string; direction: MoveDirection } | null;
  /** A move or restore is under way: the order buttons wait for it. */
  busy: boolean;
  onMove: (plan: AdminPricingPlan, direction: MoveDirection) => void;
  onEdit: (plan: AdminPricingPlan) => void;
  onArchive: (plan: AdminPricingPlan) => void;
  onRestore: (plan: AdminPricingPlan) => void;
}

/**
 * The plans in page order. Moving is two buttons per row (named with the
 * plan, so a screen reader hears "Move up: Essentials"), which work from the
 * keyboard like any button; the first cannot go up, the last not down.
 */
export function PlanList({ plans, moving, busy, onMove, onEdit, onArchive, onRestore }: PlanListProps) {
  const last = plans.length - 1;
  const columns: Column<AdminPricingPlan>[] = [
    {
      key: 'position',
      label: 'Order',
      cell: (plan) => <Text fontVariantNumeric="tabular-nums">{plans.indexOf(plan) + 1}</Text>,
    },
    {
      key: 'plan',
      label: 'Plan',
      cell: (plan) => (
        <Stack gap="0.5">
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="semibold">{plan.name}</Text>
            {plan.isFeatured ? (
              <Badge colorPalette="brand" variant="solid">
                Highlighted
              </Badge>
            ) : null}
          </Flex>
          <Text color="fg.muted" textStyle="sm" lineClamp={2}>
            {plan.features.length === 1 ? '1 feature' : `${plan.features.length} features`} · {plan.support}
          </Text>
        </Stack>
      ),
    },
    { key: 'price', label: 'Price', cell: (plan) => <Text>{planPriceText(plan)}</Text> },
    { key: 'status', label: 'Status', cell: (plan) => <StatusBadge status={planStatus(plan)} map={PLAN_STATUS} /> },
    {
      key: 'actions',
      label: 'Actions',
      hideHeader: true,
      unlabelledWhenStacked: true,
      alignEnd: true,
      cell: (plan) => {
        const index = plans.indexOf(plan);
        return (
          <Flex gap="2" wrap="wrap" justify={{ base: 'flex-start', md: 'flex-end' }} pt={{ base: '2', md: '0' }}>
            <Button
              size="xs"
              variant="outline"
              aria-label={`Move up: ${plan.name}`}
              disabled={index === 0 || busy}
              loading={moving?.id === plan.id && moving.direction === 'up'}
              onClick={() => onMove(plan, 'up')}
            >
              Move up
            </Button>
            <Button
              size="xs"
              variant="outline"
              aria-label={`Move down: ${plan.name}`}
              disabled={index === last || busy}
              loading={moving?.id === plan.id && moving.direction === 'down'}
              onClick={() => onMove(plan, 'down')}
            >
              Move down
            </Button>
            <Button size="xs" variant="outline" aria-label={`Edit ${plan.name}`} onClick={() => onEdit(plan)}>
              Edit
            </Button>
            {plan.isPublished ? (
              <Button size="xs" variant="outline" colorPalette="red" aria-label={`Archive ${plan.name}`} onClick={() => onArchive(plan)}>
                Archive
              </Button>
            ) : (
              <Button size="xs" variant="outline" aria-label={`Show again: ${plan.name}`} disabled={busy} onClick={() => onRestore(plan)}>
                Show again
              </Button>
            )}
          </Flex>
        );
      },
    },
  ];
  return <DataTable caption="Pricing plans, in the order the pricing page shows them" columns={columns} rows={plans} rowKey={(plan) => plan.id} />;
}
