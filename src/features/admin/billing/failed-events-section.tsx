import { Code, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { DataTable } from '../../../components/data-table';
import { formatCount, formatDayAndTime } from '../../../components/formats';
import { EmptyMessage, QueryView } from '../../../components/query-view';
import { useFailedPaymentEvents } from '../../../data/billing/card-payments';
import type { AccordClient } from '../../../data/client';
import { BillingSection } from './section';

/**
 * Webhook events from the payment provider that failed to apply: what failed
 * and when the schedule tries again; each leaves the list once applied
 * (decision 078).
 */
export function FailedEventsSection({ client }: { client: AccordClient }) {
  const events = useFailedPaymentEvents(client);
  return (
    <BillingSection title="Failed payment events" intro="Card payment events that could not be applied yet. Each is tried again at the time shown until it is applied.">
      <QueryView
        query={events}
        loading="Loading the failed payment events…"
        errorTitle="The failed payment events could not be loaded"
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyMessage title="No failed payment events">Every event the payment provider sent has been applied.</EmptyMessage>}
      >
        {(rows) => (
          <DataTable
            caption="Failed payment events"
            rows={rows}
            rowKey={(event) => event.id}
            columns={[
              {
                key: 'event',
                label: 'Event',
                unlabelledWhenStacked: true,
                cell: (event) => (
                  <Text>
                    <Text as="span" fontWeight="medium">
                      {event.type}
                    </Text>{' '}
                    <Code fontSize="xs" wordBreak="break-all">
                      {event.id}
                    </Code>
                  </Text>
                ),
              },
              {
                key: 'invoice',
                label: 'Invoice',
                cell: (event) =>
                  event.invoiceId ? (
                    <Link asChild variant="underline" color="brand.fg">
                      <RouterLink to={`/admin/invoices?invoice=${event.invoiceId}`}>Open the invoice</RouterLink>
                    </Link>
                  ) : (
                    '—'
                  ),
              },
              { key: 'error', label: 'What failed', cell: (event) => <Text wordBreak="break-word">{event.lastError ?? 'Not applied yet'}</Text> },
              { key: 'attempts', label: 'Attempts', alignEnd: true, cell: (event) => formatCount(event.attempts) },
              { key: 'received', label: 'Received', cell: (event) => formatDayAndTime(event.receivedAt) },
              { key: 'retry', label: 'Next try', cell: (event) => (event.nextRetryAt ? formatDayAndTime(event.nextRetryAt) : '—') },
            ]}
          />
        )}
      </QueryView>
    </BillingSection>
  );
}
