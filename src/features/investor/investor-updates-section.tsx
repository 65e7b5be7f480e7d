import { Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';

import { formatLongDate } from '../../components/formats';
import { SectionHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { supabase, type AccordClient } from '../../data/client';
import { useInvestorUpdates, type InvestorUpdate } from '../../data/data-room/list-published-updates';

function UpdatePost({ update }: { update: InvestorUpdate }) {
  const titleId = useId();
  return (
    <Stack as="article" aria-labelledby={titleId} gap="1" p="4" borderWidth="1px" borderRadius="lg" bg="bg" minW="0">
      <Text as="h3" id={titleId} fontWeight="semibold" textStyle="lg" wordBreak="break-word">
        {update.title}
      </Text>
      <Text textStyle="sm" color="fg.muted">
        <time dateTime={update.publishedAt}>{formatLongDate(new Date(update.publishedAt))}</time>
      </Text>
      <Text whiteSpace="pre-wrap" wordBreak="break-word">
        {update.body}
      </Text>
    </Stack>
  );
}

/** The investor dashboard's posts from the Accord team, newest first. */
export function InvestorUpdatesSection({ client = supabase }: { client?: AccordClient }) {
  const updates = useInvestorUpdates(client);
  return (
    <Stack as="section" aria-labelledby="investor-updates" gap="4">
      <SectionHeader id="investor-updates" title="Updates" intro="News from the Accord team for investors." />
      <QueryView
        query={updates}
        loading="Loading updates…"
        errorTitle="The updates could not be loaded"
        staleErrorTitle="The updates could not be refreshed"
        isEmpty={(all) => all.length === 0}
        empty={<EmptyMessage title="No updates yet">Posts from the Accord team will appear here.</EmptyMessage>}
      >
        {(all) => (
          <Stack gap="3">
            {all.map((u) => (
              <UpdatePost key={u.id} update={u} />
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
