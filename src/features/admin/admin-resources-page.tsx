import { Box, Button, Container, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';

import { DataTable, type Column } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialogs';
import { SearchField } from '../../components/filter-controls';
import { formatLongDate } from '../../components/formats';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { StatusBadge, type StatusMap } from '../../components/status-badge';
import { useCommand } from '../../components/use-command';
import { useConfirm } from '../../components/use-confirm';
import { supabase, type AccordClient } from '../../data/client';
import { addResourceVersion } from '../../data/resources/add-resource-version';
import { createResource } from '../../data/resources/create-resource';
import { resourceKeys } from '../../data/resources/keys';
import { useResources, type Resource } from '../../data/resources/list-resources';
import { setResourcePublished } from '../../data/resources/set-resource-published';
import { NewResourceDialog } from '../resources/new-resource-dialog';
import { NewResourceVersionDialog } from '../resources/new-resource-version-dialog';
import { ResourceDownloadButton } from '../resources/resource-download-button';
import { audienceLabel, audienceSentence, fileSummary, matchesSearch, versionLine } from '../resources/resource-format';

type PublishState = 'published' | 'draft';
const PUBLISH_STATES: StatusMap<PublishState> = {
  published: { label: 'Published', palette: 'green' },
  draft: { label: 'Not published', palette: 'gray' },
};

/** What a resource command changes: the back office's list and what members see. */
const REFRESH = [resourceKeys.admin, resourceKeys.member];

/** Every version of a resource, newest first, each downloadable: the history kept when a file is replaced. */
function VersionHistory({ client, resource }: { client: AccordClient; resource: Resource }) {
  if (resource.versions.length < 2) return null;
  return (
    <chakra.details textStyle="sm" mt="1">
      <chakra.summary cursor="pointer" color="fg.muted">
        History ({resource.versions.length} versions)
      </chakra.summary>
      <Stack as="ol" listStyleType="none" gap="2" mt="2" ps="0">
        {resource.versions.map((v) => (
          <Flex as="li" key={v.id} gap="2" align="center" wrap="wrap">
            <Text>
              {versionLine(v)} · {v.fileName}
              {v.id === resource.current?.id ? ' (current)' : ''}
            </Text>
            <ResourceDownloadButton client={client} version={v} size="2xs" variant="ghost" label="Download" aria-label={`Download version ${v.label} of ${resource.title}`} />
          </Flex>
        ))}
      </Stack>
    </chakra.details>
  );
}

/** /admin/resources: upload documents for members, replace their files keeping the history, publish and unpublish. */
export default function AdminResourcesPage({ client = supabase }: { client?: AccordClient } = {}) {
  const resources = useResources(resourceKeys.admin, client);
  const [search, setSearch] = useState('');
  const countId = useId();

  const create = useCommand({
    run: (input: Parameters<typeof createResource>[1]) => createResource(client, input),
    refresh: REFRESH,
    success: (_, input) => ({ title: 'Resource added', description: `“${input.title}” is saved but not published: members do not see it yet.` }),
  });
  const addVersion = useCommand({
    run: (input: Parameters<typeof addResourceVersion>[1]) => addResourceVersion(client, input),
    refresh: REFRESH,
    success: (_, input) => ({ title: 'New version uploaded', description: `Version ${input.versionLabel} is now the file members download.` }),
  });
  const publish = useCommand({
    run: (resource: Resource) => setResourcePublished(client, { resourceId: resource.id, published: !resource.published }),
    refresh: REFRESH,
    success: (_, resource) =>
      resource.published
        ? { title: 'Resource unpublished', description: `Members no longer see “${resource.title}”.` }
        : { title: 'Resource published', description: `“${resource.title}” is now available to ${audienceSentence(resource)}.` },
  });
  const toggling = useConfirm(publish);

  const data = resources.data;
  const categories = useMemo(() => [...new Set((data ?? []).map((r) => r.category))].sort(), [data]);
  const shown = useMemo(() => (data ?? []).filter((r) => matchesSearch(r, search)), [data, search]);

  const columns: Column<Resource>[] = [
    {
      key: 'title',
      label: 'Resource',
      unlabelledWhenStacked: true,
      cell: (r) => (
        <Stack gap="0.5" minW="0">
          <Text fontWeight="semibold">{r.title}</Text>
          <Text textStyle="sm" color="fg.muted">
            {r.category}
          </Text>
        </Stack>
      ),
      cellProps: { wordBreak: 'break-word' },
    },
    { key: 'audience', label: 'For', cell: (r) => audienceLabel(r) },
    {
      key: 'file',
      label: 'Current file',
      cell: (r) =>
        r.current ? (
          <Box minW="0">
            <Text>{versionLine(r.current)}</Text>
            <Text textStyle="sm" color="fg.muted" wordBreak="break-all">
              {r.current.fileName} · {fileSummary(r.current)}
            </Text>
            <VersionHistory client={client} resource={r} />
          </Box>
        ) : (
          '—'
        ),
    },
    {
      key: 'status',
      label: 'Status',
      cell: (r) => (
        <Stack gap="1" align="start">
          <StatusBadge status={r.published ? 'published' : 'draft'} map={PUBLISH_STATES} />
          {r.published && r.publishedAt ? (
            <Text textStyle="xs" color="fg.muted">
              Since {formatLongDate(new Date(r.publishedAt))}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideHeader: true,
      unlabelledWhenStacked: true,
      alignEnd: true,
      cell: (r) => (
        <Flex gap="2" wrap="wrap" justify={{ base: 'start', md: 'end' }}>
          {r.current ? <ResourceDownloadButton client={client} version={r.current} size="sm" variant="ghost" label="Download" aria-label={`Download ${r.title}`} /> : null}
          <NewResourceVersionDialog resource={r} addVersion={addVersion} />
          <Button size="sm" variant={r.published ? 'outline' : 'solid'} onClick={() => toggling.ask(r)} aria-label={`${r.published ? 'Unpublish' : 'Publish'} ${r.title}`}>
            {r.published ? 'Unpublish' : 'Publish'}
          </Button>
        </Flex>
      ),
    },
  ];


  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '8', md: '10' }}>
        <PageHeader
          eyebrow="Back office"
          title="Resources"
          intro="The guides, templates and documents published to members in their dashboard. Upload a file, choose who sees it, then publish it."
          actions={<NewResourceDialog create={create} categories={categories} />}
        />
        <QueryView
          query={resources}
          loading="Loading resources…"
          errorTitle="The resources could not be loaded"
          staleErrorTitle="The resources could not be refreshed"
          isEmpty={(all) => all.length === 0}
          empty={<EmptyMessage title="No resources yet">Add the first document for members with “Add resource”.</EmptyMessage>}
        >
          {(all) => (
            <Stack gap="3">
              <SearchField label="Search resources" value={search} onChange={setSearch} placeholder="Title, category or file name" />
              <Text id={countId} textStyle="sm" color="fg.muted" aria-live="polite">
                {shown.length === all.length ? `${all.length} ${all.length === 1 ? 'resource' : 'resources'}` : `${shown.length} of ${all.length} resources`}
              </Text>
              {shown.length === 0 ? (
                <EmptyMessage title="No resource matches that search">Try part of a title, a category or a file name.</EmptyMessage>
              ) : (
                <DataTable caption="Resources for members" columns={columns} rows={shown} rowKey={(r) => r.id} />
              )}
            </Stack>
          )}
        </QueryView>
      </Stack>
      <ConfirmDialog
        {...toggling.dialog}
        title={toggling.subject?.published ? 'Unpublish this resource?' : 'Publish this resource?'}
        description={
          toggling.subject?.published
            ? `Members will no longer see “${toggling.subject.title}” or be able to download it. You can publish it again later.`
            : `“${toggling.subject?.title ?? ''}” will be shown to ${toggling.subject ? audienceSentence(toggling.subject) : ''}, marked as new.`
        }
        confirmLabel={toggling.subject?.published ? 'Unpublish' : 'Publish'}
        busyLabel={toggling.subject?.published ? 'Unpublishing…' : 'Publishing…'}
        failureTitle={toggling.subject?.published ? 'The resource was not unpublished' : 'The resource was not published'}
      />
    </Container>
  );
}
