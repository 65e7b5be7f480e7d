import type { StatusMap } from '../../../components/status-badge';
import type { AnswerDelivery } from '../../../data/contact/list-contact-answers';

/** An answer's e-mail in words and colour (StatusBadge). */
export const DELIVERY_STATUS: StatusMap<AnswerDelivery> = {
  pending: { label: 'Not sent yet', palette: 'gray' },
  sending: { label: 'Sending', palette: 'blue' },
  sent: { label: 'E-mailed', palette: 'green' },
  failed: { label: 'Not delivered', palette: 'red' },
};

export type HandledStatus = 'new' | 'handled';

/** A message's own state: new until someone answers it or marks it handled. */
export const HANDLED_STATUS: StatusMap<HandledStatus> = {
  new: { label: 'New', palette: 'orange' },
  handled: { label: 'Handled', palette: 'green' },
};
