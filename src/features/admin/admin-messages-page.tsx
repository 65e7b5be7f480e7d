import { Container, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';

import { PageHeader } from '../../components/page-header';
import { supabase, type AccordClient } from '../../data/client';
import { useSessionFacts } from '../../session/session-context';
import { AdminConversations } from '../messages/admin-conversations';
import { UrlTabs } from '../messages/url-tabs';
import { ContactMessagesPanel } from './contact-messages/contact-messages-panel';

export type MessagesView = 'conversations' | 'contact';

/** ?view=contact opens the Contact Us tab; anything else is the conversations. */
export function messagesView(params: URLSearchParams): MessagesView {
  return params.get('view') === 'contact' ? 'contact' : 'conversations';
}

export interface AdminMessagesPageProps {
  /** Tests pass a fake client; the app uses the real one. */
  client?: AccordClient;
}

/** /admin/messages: conversations with the organisations, and the website's Contact Us messages, as two tabs kept in the address. */
export default function AdminMessagesPage({ client = supabase }: AdminMessagesPageProps = {}) {
  const [params, setParams] = useSearchParams();
  const view = messagesView(params);
  const facts = useSessionFacts();
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <PageHeader
          eyebrow="Back office"
          title="Messages"
          intro="Conversations with the network’s organisations, and what visitors wrote through the Contact Us form."
        />
        <UrlTabs
          label="Kinds of message"
          idPrefix="messages"
          value={view}
          // Each tab starts from its own plain address: the other tab's filters mean nothing to it.
          onChange={(next) => setParams(next === 'contact' ? { view: 'contact' } : {})}
          tabs={[
            { value: 'conversations', label: 'Conversations' },
            { value: 'contact', label: 'Contact Us' },
          ]}
        >
          {view === 'contact' ? <ContactMessagesPanel /> : userId ? <AdminConversations client={client} userId={userId} /> : null}
        </UrlTabs>
      </Stack>
    </Container>
  );
}
