import { Container, Stack, Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';

import { PageHeader } from '../../components/page-header';
import { ContactMessagesPanel } from './contact-messages/contact-messages-panel';

/**
 * TEMPORARY (branch i15-contact only): a minimal /admin/messages with the two
 * tabs, so the Contact Us panel can be tried and tested here. The real page,
 * with the conversations, is built on another branch and replaces this file
 * at merge; everything of value lives in ContactMessagesPanel.
 */
export default function AdminMessagesPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'contact' ? 'contact' : 'conversations';
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <PageHeader eyebrow="Back office" title="Messages" intro="Conversations with member organisations, and the website’s Contact Us messages." />
        <Tabs.Root
          value={view}
          onValueChange={({ value }) => setParams(value === 'contact' ? { view: 'contact' } : {})}
          lazyMount
          unmountOnExit
        >
          <Tabs.List>
            <Tabs.Trigger value="conversations">Conversations</Tabs.Trigger>
            <Tabs.Trigger value="contact">Contact Us</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="conversations">Conversations are on another branch.</Tabs.Content>
          <Tabs.Content value="contact" pt="6">
            <ContactMessagesPanel />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
