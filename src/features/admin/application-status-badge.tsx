import { Badge } from '@chakra-ui/react';

import type { Application } from '../../data/applications/types';

export type QueueStatus = 'pending' | 'under_review' | 'changes_requested' | 'approved' | 'rejected';

/** The queue's view of an application: "changes requested" is under review while the applicant owes an answer. */
export function queueStatusOf(application: Pick<Application, 'status' | 'changesRequestedAt'>): QueueStatus {
  if (application.changesRequestedAt && (application.status === 'pending' || application.status === 'under_review')) return 'changes_requested';
  return application.status;
}

export const QUEUE_STATUS_LABELS: Record<QueueStatus, string> = {
  pending: 'Pending',
  under_review: 'Under review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  rejected: 'Rejected',
};

const PALETTES: Record<QueueStatus, string> = {
  pending: 'blue',
  under_review: 'purple',
  changes_requested: 'orange',
  approved: 'green',
  rejected: 'red',
};

export function ApplicationStatusBadge({ status }: { status: QueueStatus }) {
  return (
    <Badge colorPalette={PALETTES[status]} variant="subtle" size="md">
      {QUEUE_STATUS_LABELS[status]}
    </Badge>
  );
}
