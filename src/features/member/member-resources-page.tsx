import { Badge, Box, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';

import { SearchField } from '../../components/filter-controls';
import { formatLongDate } from '../../components/formats';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { supabase, type AccordClient } from '../../data/client';
import { resourceKeys } from '../../data/resources/keys';
import { useResources, type Resource } from '../../data/resources/list-resources';
import { markResourcesVisited } from '../../data/resources/mark-resources-visited';
import { ResourceDownloadButton } from '../resources/resource-download-button';
import { byCategory, fileSummary, isNewSince, matchesSearch } from '../resources/resource-format';

/**
 * The visit before this one, recorded once per mount: the page marks what was
 * added or updated since then. While it is unknown (or could not be recorded)
 * nothing is marked, rather than everything.
 */
function usePreviousVisit(client: AccordClient): { known: boolean; at: string | null } {
  const [state, setState] = useState<{ known: boolean; at: string | null }>({ known: false, at: null });
  useEffect(() => {
    let live = true;
    markResourcesVisited(client).then(
      (at) => live && setState({ known: true, at }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client]);
  return state;
}

/** "3 resources", or "1 of 3 resources" while a search hides some. */
function countLine(shown: number, total: number): string {
  const noun = total === 1 ? 'resource' : 'resources';
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}

function ResourceCard({ client, resource, isNew }: { client: AccordClient; resource: Resource; isNew: boolean }) {
  const titleId = useId();
  return (
    <Stack as="article" aria-labelledby={titleId} gap="3" p="5" borderWidth="1px" borderRadius="lg" bg="bg" minW="0">
      <Flex gap="2" align="start" justify="space-between">
        <Heading as="h3" size="md" id={titleId} wordBreak="break-word">
          {resource.title}
        </Heading>
        {isNew ? (
          <Badge colorPalette="brand" variant="solid" flexShrink={0}>
            New
          </Badge>
        ) : null}
      </Flex>
      {resource.description ? <Text color="fg.muted">{resource.description}</Text> : null}
      {resource.current ? (
        <Flex gap="3" align="center" justify="space-between" wrap="wrap" mt="auto">
          <Text textStyle="sm" color="fg.muted">
            Version {resource.current.label} · {fileSummary(resource.current)} · updated {formatLongDate(new Date(resource.contentUpdatedAt))}
          </Text>
          <ResourceDownloadButton client={client} version={resource.current} size="sm" label="Download" aria-label={`Download ${resource.title}`} />
        </Flex>
      ) : null}
    </Stack>
  );
}

/** /dashboard/resources: what the network published for this organisation, by category, with search and "New" marks. */
export default function MemberResourcesPage({ client = supabase }: { client?: AccordClient } = {}) {
  const resources = useResources(resourceKeys.member, client);
  const visit = usePreviousVisit(client);
  const [search, setSearch] = useState('');
  const data = resources.data;
  const groups = useMemo(() => byCategory((data ?? []).filter((r) => matchesSearch(r, search))), [data, search]);
  const newCount = visit.known ? (data ?? []).filter((r) => isNewSince(r, visit.at)).length : 0;

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '8', md: '10' }}>
        <PageHeader
          eyebrow="Your organisation"
          title="Resources"
          intro="Guides, templates and documents from the network to help your team verify identities and documents."
        />
        <QueryView
          query={resources}
          loading="Loading resources…"
          errorTitle="The resources could not be loaded"
          staleErrorTitle="The resources could not be refreshed"
          isEmpty={(all) => all.length === 0}
          empty={
            <EmptyMessage title="No resources for your organisation yet">
              The network publishes documents here for its member organisations. You will see them once they are published for your organisation.
            </EmptyMessage>
          }
        >
          {(all) => (
            <Stack gap="6">
              <Stack gap="2">
                <SearchField label="Search resources" value={search} onChange={setSearch} placeholder="Title, description or category" />
                <Text textStyle="sm" color="fg.muted" aria-live="polite">
                  {countLine(groups.reduce((n, [, list]) => n + list.length, 0), all.length)}
                  {newCount > 0 ? ` · ${newCount} new since your last visit` : ''}
                </Text>
              </Stack>
              {groups.length === 0 ? (
                <EmptyMessage title="No resource matches that search">Try part of a title, a description or a category.</EmptyMessage>
              ) : (
                groups.map(([category, list]) => (
                  <Box as="section" key={category} aria-label={category}>
                    <Heading as="h2" size="lg" mb="3">
                      {category}
                    </Heading>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      {list.map((r) => (
                        <ResourceCard key={r.id} client={client} resource={r} isNew={visit.known && isNewSince(r, visit.at)} />
                      ))}
                    </SimpleGrid>
                  </Box>
                ))
              )}
            </Stack>
          )}
        </QueryView>
      </Stack>
    </Container>
  );
}
