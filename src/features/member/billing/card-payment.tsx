import { Alert, Box, Button, Stack } from '@chakra-ui/react';

import { formatMoney } from '../../../components/formats';
import { useCommand } from '../../../components/use-command';
import { startCardPayment, useCardPayment, type CardPayment } from '../../../data/billing/card-payments';
import type { AccordClient } from '../../../data/client';

/** How the browser leaves for the provider's hosted page; a test passes its own. */
export type OpenPaymentPage = (url: string) => void;
const openInThisTab: OpenPaymentPage = (url) => window.location.assign(url);

/**
 * "Pay by card": asks pay-invoice for the hosted page of exactly the open
 * balance and goes there. Clicking again, or in a second tab, reaches the same
 * page (the attempt's key is stored before the provider is asked).
 */
export function PayByCardButton({
  client,
  invoice,
  openPage = openInThisTab,
}: {
  client: AccordClient;
  invoice: { id: string; number: string | null };
  openPage?: OpenPaymentPage;
}) {
  const command = useCommand({
    run: () => startCardPayment(client, invoice.id),
    failureToast: `The card payment of ${invoice.number ?? 'this invoice'} could not be started`,
  });
  return (
    <Box>
      <Button
        colorPalette="brand"
        size="sm"
        loading={command.busy}
        loadingText="Opening the payment page…"
        aria-label={`Pay by card: ${invoice.number ?? 'invoice'}`}
        onClick={() => void command.run().then((result) => (result.ok ? openPage(result.value.url) : undefined))}
      >
        Pay by card
      </Button>
    </Box>
  );
}

/** What the person reads after the payment page sent them back, by the attempt's state. */
function outcome(payment: CardPayment | null, number: string, left: boolean): { status: 'success' | 'error' | 'info' | 'warning'; title: string; text: string } {
  switch (payment?.status) {
    case 'succeeded':
      return { status: 'success', title: `${number} is paid`, text: `Your card payment of ${formatMoney(payment.amountMinor, payment.currency)} went through. A receipt is on its way by e-mail.` };
    case 'failed':
      return {
        status: 'error',
        title: 'Your card was declined',
        text: `${payment.failureMessage ?? 'The card was declined.'} ${number} is not paid: try another card or pay by bank transfer.`,
      };
    case 'expired':
      return { status: 'warning', title: 'The payment page expired', text: `${number} is not paid. Choose Pay by card again to get a new payment page.` };
    default:
      return left
        ? { status: 'info', title: `${number} is not paid yet`, text: 'You left the payment page before paying. Choose Pay by card again whenever you are ready.' }
        : {
            status: 'info',
            title: 'Your payment is being processed',
            text: `We are waiting for your bank to confirm the payment of ${number}. This page shows the result as soon as it arrives.`,
          };
  }
}

/**
 * The result shown on /dashboard/billing when the hosted page sends the
 * person back (?invoice=…&payment=returned|cancelled): paid, declined with
 * the card's reason in words, or still processing, followed until settled.
 */
export function CardPaymentResult({
  client,
  invoiceId,
  invoiceNumber,
  left,
  onDismiss,
}: {
  client: AccordClient;
  invoiceId: string;
  invoiceNumber: string | null;
  /** The person chose "back" on the payment page rather than paying. */
  left: boolean;
  onDismiss: () => void;
}) {
  const payment = useCardPayment(invoiceId, client);
  if (payment.data === undefined && !payment.error) return null;
  const shown = payment.error
    ? { status: 'warning' as const, title: 'The payment’s result could not be loaded', text: 'Refresh the page in a moment to see whether the invoice is paid.' }
    : outcome(payment.data ?? null, invoiceNumber ?? 'The invoice', left);
  return (
    <Alert.Root status={shown.status} role={shown.status === 'error' ? 'alert' : 'status'} borderRadius="md" data-card-payment={payment.data?.status ?? 'unknown'}>
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Content>
          <Alert.Title>{shown.title}</Alert.Title>
          <Alert.Description>{shown.text}</Alert.Description>
        </Alert.Content>
        <Box>
          <Button size="xs" variant="outline" onClick={onDismiss}>
            Close
          </Button>
        </Box>
      </Stack>
    </Alert.Root>
  );
}
