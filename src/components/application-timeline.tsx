import { Box, chakra, Flex, Stack, Text } from '@chakra-ui/react';

import { formatDayAndTime } from './formats';

/** One entry of an application's history (application_events), as both the applicant and reviewers see it. */
export interface TimelineEntry {
  id: number;
  type: 'submitted' | 'under_review' | 'changes_requested' | 'changes_submitted' | 'approved' | 'rejected' | 'reopened';
  message: string | null;
  createdAt: string;
  /** Who, when the viewer may know (reviewers see names; applicants see roles). */
  actor?: string | null;
  /** Whether a new document came with it (shown for answers to a change request). */
  documentSent?: boolean;
}

const TITLES: Record<TimelineEntry['type'], string> = {
  submitted: 'Application submitted',
  under_review: 'Review started',
  changes_requested: 'Changes requested',
  changes_submitted: 'Changes sent',
  approved: 'Approved',
  rejected: 'Not approved',
  reopened: 'Decision withdrawn, back under review',
};

const MESSAGE_LABELS: Partial<Record<TimelineEntry['type'], string>> = {
  changes_requested: 'What to change',
  changes_submitted: 'Answer',
  rejected: 'Reason',
};

const TONE: Record<TimelineEntry['type'], string> = {
  submitted: 'brand.solid',
  under_review: 'brand.solid',
  changes_requested: 'orange.500',
  changes_submitted: 'brand.solid',
  approved: 'green.600',
  rejected: 'red.600',
  reopened: 'orange.500',
};

/** An application's history, oldest first: what happened, when, and any message that came with it. */
export function ApplicationTimeline({ entries, label = 'Application history' }: { entries: readonly TimelineEntry[]; label?: string }) {
  return (
    <Box as="ol" aria-label={label} listStyleType="none" p="0" m="0">
      {entries.map((entry, index) => (
        <Flex as="li" key={entry.id} gap="3" position="relative" pb={index === entries.length - 1 ? '0' : '5'}>
          <Flex direction="column" align="center" flexShrink={0} aria-hidden="true">
            <Box boxSize="3" mt="1.5" borderRadius="full" bg={TONE[entry.type]} />
            {index === entries.length - 1 ? null : <Box flex="1" width="2px" bg="border" mt="1" />}
          </Flex>
          <Stack gap="1" minW="0" flex="1">
            <Flex gap="2" wrap="wrap" align="baseline">
              <Text fontWeight="semibold">{TITLES[entry.type]}</Text>
              <chakra.time dateTime={entry.createdAt} textStyle="sm" color="fg.muted">
                {formatDayAndTime(entry.createdAt)}
              </chakra.time>
            </Flex>
            {entry.actor ? (
              <Text textStyle="sm" color="fg.muted">
                {entry.actor}
              </Text>
            ) : null}
            {entry.documentSent && entry.type === 'changes_submitted' ? (
              <Text textStyle="sm" color="fg.muted">
                A new proof of registration was sent with this answer.
              </Text>
            ) : null}
            {entry.message ? (
              <Box bg="bg.subtle" borderRadius="l2" px="3" py="2" borderLeftWidth="3px" borderColor={TONE[entry.type]}>
                {MESSAGE_LABELS[entry.type] ? (
                  <Text textStyle="xs" color="fg.muted" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide">
                    {MESSAGE_LABELS[entry.type]}
                  </Text>
                ) : null}
                <Text whiteSpace="pre-wrap" wordBreak="break-word">
                  {entry.message}
                </Text>
              </Box>
            ) : null}
          </Stack>
        </Flex>
      ))}
    </Box>
  );
}
