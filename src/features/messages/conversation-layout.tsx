import { Box, Grid, Link, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { EmptyMessage } from '../../components/query-view';
import type { OpenConversation } from './conversation-address';

export interface ConversationLayoutProps {
  open: OpenConversation;
  /** The list (with its filters), left on wide screens, alone on narrow ones while nothing is open. */
  list: ReactNode;
  /** The open conversation. */
  conversation: (id: string) => ReactNode;
  /** Shown on wide screens while nothing is open. */
  placeholder: ReactNode;
  backHref: string;
}

/**
 * The list beside the open conversation on wide screens; on phones one or the
 * other, with a way back, so nothing is squeezed to fit 360 px.
 */
export function ConversationLayout({ open, list, conversation, placeholder, backHref }: ConversationLayoutProps) {
  const opened = open.kind !== 'none';
  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 22rem) minmax(0, 1fr)' }} gap={{ base: '6', lg: '8' }} alignItems="start">
      <Box hideBelow={opened ? 'lg' : undefined} minW="0">
        {list}
      </Box>
      <Box minW="0" hideBelow={opened ? undefined : 'lg'}>
        {open.kind === 'valid' ? (
          conversation(open.id)
        ) : open.kind === 'malformed' ? (
          <Stack gap="3">
            <EmptyMessage title="This link does not lead to a conversation">
              The conversation’s address is incomplete or mistyped. Open the conversation from the list instead.
            </EmptyMessage>
            <Link asChild variant="underline" color="brand.fg" alignSelf="start">
              <RouterLink to={backHref}>Back to all conversations</RouterLink>
            </Link>
          </Stack>
        ) : (
          placeholder
        )}
      </Box>
    </Grid>
  );
}
