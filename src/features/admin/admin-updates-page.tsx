import { Button, Container, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { PageHeader } from '../../components/page-header';
import { supabase, type AccordClient } from '../../data/client';
import { DeskList, editHref } from './news-desk/desk-list';
import { UpdateEditor } from './news-desk/update-editor';

export interface AdminUpdatesPageProps {
  /** Tests pass their own client; the app uses the real one. */
  client?: AccordClient;
}

/**
 * /admin/updates, the news desk: every update by status, and (?edit=<id> or
 * ?edit=new) one update's editor with its preview. Writes go through the
 * admin_* functions of 20261128000100_news-desk.sql (docs/decisions/052-news-desk.md).
 */
export default function AdminUpdatesPage({ client = supabase }: AdminUpdatesPageProps = {}) {
  const [params] = useSearchParams();
  const edit = params.get('edit');

  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      {edit !== null ? (
        <UpdateEditor key={edit} client={client} id={edit === 'new' ? null : edit} />
      ) : (
        <Stack gap="6">
          <PageHeader
            eyebrow="Back office"
            title="Updates"
            intro="The news on the public Updates page: write, preview, publish, schedule and withdraw it. Drafts and scheduled updates stay invisible to visitors until their time comes."
            actions={
              <Button asChild>
                <RouterLink to={editHref('new')}>Write an update</RouterLink>
              </Button>
            }
          />
          <DeskList client={client} />
        </Stack>
      )}
    </Container>
  );
}
