import { Box, HStack, Text } from '@chakra-ui/react';

import type { LiveStatus as Status } from '../../machines/live-connection.machine';

const LOOK: Record<Status, { label: string; detail?: string; colour: string }> = {
  connecting: { label: 'Connecting…', colour: 'gray.400' },
  live: { label: 'Live', detail: 'New messages appear as they arrive.', colour: 'green.500' },
  reconnecting: { label: 'Reconnecting…', detail: 'Anything sent meanwhile will appear once reconnected.', colour: 'orange.400' },
  offline: { label: 'Offline', detail: 'You seem to be offline. We will catch up when you are back.', colour: 'red.500' },
};

/**
 * How a live view's connection stands, beside what it shows. A status region,
 * so a screen reader hears when updates stop and start again; the dot only
 * repeats the words.
 */
export function LiveStatus({ status }: { status: Status }) {
  const look = LOOK[status];
  return (
    <HStack role="status" gap="1.5" fontSize="sm" color="fg.muted" title={look.detail} data-live-status={status}>
      <Box aria-hidden="true" boxSize="2" borderRadius="full" bg={look.colour} flexShrink={0} />
      <Text>
        {look.label}
        {look.detail && status !== 'live' ? <Text as="span"> {look.detail}</Text> : null}
      </Text>
    </HStack>
  );
}
