import { Box, Text } from '@chakra-ui/react';

import type { Reachability } from '../../data/reachability';

const WORDS: Record<Exclude<Reachability, 'reachable'>, { title: string; detail: string; tone: string }> = {
  unreachable: {
    title: 'Accord can’t be reached right now.',
    detail: 'We’re trying again. What you have typed stays on this page.',
    tone: 'orange',
  },
  offline: {
    title: 'You’re offline.',
    detail: 'We’ll reconnect when your connection is back. What you have typed stays on this page.',
    tone: 'orange',
  },
  back: { title: 'Connected again.', detail: 'This page is up to date.', tone: 'green' },
};

/**
 * One calm line, pinned to the bottom of the window, while Accord cannot be
 * reached (issue 28). The status region is always there, empty when all is
 * well, so a screen reader hears the words when they appear. It holds no
 * control, so it never takes a click: a "Try again" button underneath it on a
 * short screen must still work.
 */
export function ReachabilityBanner({ state }: { state: Reachability }) {
  const words = state === 'reachable' ? null : WORDS[state];
  return (
    <Box role="status" aria-live="polite" position="fixed" insetX="0" bottom="0" zIndex="toast" pointerEvents="none" px="3" pb="3">
      {words ? (
        <Box
          data-reachability={state}
          maxW="xl"
          mx="auto"
          px="4"
          py="3"
          borderRadius="md"
          borderWidth="1px"
          borderColor={`${words.tone}.300`}
          bg={`${words.tone}.50`}
          color={`${words.tone}.900`}
          boxShadow="md"
        >
          <Text fontWeight="semibold">{words.title}</Text>
          <Text fontSize="sm">{words.detail}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
