import type { StatusMap } from '../../../components/status-badge';
import type { InvestorRequestStatus } from '../../../data/investor-access/list-investor-requests';
import type { InvestorLevel } from '../../../data/investor-access/list-investors';

/** An access request's decision, in words. */
export const REQUEST_STATUS: StatusMap<InvestorRequestStatus> = {
  new: { label: 'New', palette: 'blue' },
  approved: { label: 'Approved', palette: 'green' },
  declined: { label: 'Declined', palette: 'gray' },
};

export const LEVEL_LABELS: Record<InvestorLevel, string> = {
  lite: 'Lite',
  data_room: 'Data room',
};

/** What each level opens, for the dialogs. */
export const LEVEL_HELP: Record<InvestorLevel, string> = {
  lite: 'Lite: the investor dashboard (figures, updates and lite documents).',
  data_room: 'Data room: the dashboard and the data room, behind the NDA and the second factor if they have one.',
};

/** A grant's expiry in words: the date, "No expiry", and whether it has passed. */
export const EXPIRY_STATUS: StatusMap<'expired' | 'live'> = {
  expired: { label: 'Expired', palette: 'red' },
  live: { label: 'Active', palette: 'green' },
};
