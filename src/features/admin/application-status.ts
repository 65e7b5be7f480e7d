import type { StatusMap } from '../../components/status-badge';
import type { Application } from '../../data/applications/types';

export type QueueStatus = 'pending' | 'under_review' | 'changes_requested' | 'approved' | 'rejected';

/** The queue's view of an application: "changes requested" is under review while the applicant owes an answer. */
export function queueStatusOf(application: Pick<Application, 'status' | 'changesRequestedAt'>): QueueStatus {
  if (application.changesRequestedAt && (application.status === 'pending' || application.status === 'under_review')) return 'changes_requested';
  return application.status;
}

/** An application's status in words and colour, for StatusBadge and the queue's filters. */
export const QUEUE_STATUS: StatusMap<QueueStatus> = {
  pending: { label: 'Pending', palette: 'blue' },
  under_review: { label: 'Under review', palette: 'purple' },
  changes_requested: { label: 'Changes requested', palette: 'orange' },
  approved: { label: 'Approved', palette: 'green' },
  rejected: { label: 'Rejected', palette: 'red' },
};
