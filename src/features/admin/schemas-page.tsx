import { Badge, Box, Button, Card, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { ConfirmDialog } from '../../components/dialogs';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import { useCommand } from '../../components/use-command';
import { useConfirm } from '../../components/use-confirm';
import { supabase, type AccordClient } from '../../data/client';
import type { Json } from '../../data/database.types';
import { changeVerificationSchemaStatus } from '../../data/verification-schemas/change-verification-schema-status';
import { verificationSchemaKeys } from '../../data/verification-schemas/keys';
import { useVerificationSchemas } from '../../data/verification-schemas/list-verification-schemas';
import { saveVerificationSchema, type VerificationSchemaDraft } from '../../data/verification-schemas/save-verification-schema';
import { ASSURANCE_LABELS, type VerificationSchema } from '../../data/verification-schemas/types';
import { formatDay } from '../../components/formats';
import { SchemaFormDialog } from './schema-form-dialog';
import { SCHEMA_STATUS } from './schema-status';

/** A schema's properties, with which are required: what a check establishes, in a line a person reads. */
function attributeNames(attributes: Json): { name: string; required: boolean }[] {
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) return [];
  const properties = attributes.properties;
  const required = Array.isArray(attributes.required) ? attributes.required : [];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return [];
  return Object.keys(properties).map((name) => ({ name, required: required.includes(name) }));
}

function datesOf(schema: VerificationSchema): string {
  if (schema.status === 'draft') return `Draft since ${formatDay(schema.createdAt)}, last edited ${formatDay(schema.updatedAt)}`;
  if (schema.status === 'active') return `Active since ${formatDay(schema.activatedAt)}`;
  return `Active ${formatDay(schema.activatedAt)} – deprecated ${formatDay(schema.deprecatedAt)}`;
}

interface StatusChange {
  schema: VerificationSchema;
  status: 'active' | 'deprecated';
}

function SchemaCard({ schema, onEdit, onChange }: { schema: VerificationSchema; onEdit: () => void; onChange: (change: StatusChange) => void }) {
  const attributes = attributeNames(schema.attributes);
  const title = `${schema.name} ${schema.version}`;
  return (
    <Card.Root as="li" variant="outline" aria-label={title}>
      <Card.Body gap="3">
        <Flex gap="3" justify="space-between" align="start" wrap="wrap">
          <Stack gap="1" minW="0">
            <Heading as="h2" size="md" overflowWrap="anywhere">
              {schema.name}{' '}
              <Text as="span" color="fg.muted" fontWeight="normal">
                version {schema.version}
              </Text>
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              {datesOf(schema)}
            </Text>
          </Stack>
          <Flex gap="2" wrap="wrap">
            <StatusBadge status={schema.status} map={SCHEMA_STATUS} />
            <Badge variant="outline">Assurance: {ASSURANCE_LABELS[schema.assuranceLevel]}</Badge>
          </Flex>
        </Flex>
        <Text overflowWrap="anywhere">{schema.description}</Text>
        <Box>
          <Text textStyle="sm" fontWeight="medium">
            Attributes a check establishes
          </Text>
          <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
            {attributes.map((a) => (a.required ? a.name : `${a.name} (optional)`)).join(', ')}
          </Text>
        </Box>
        <Box as="details" textStyle="sm">
          <Box as="summary" cursor="pointer" color="brand.fg">
            JSON Schema
          </Box>
          <Box as="pre" mt="2" p="3" bg="bg.muted" borderRadius="l2" overflowX="auto" maxH="80" textStyle="xs">
            {JSON.stringify(schema.attributes, null, 2)}
          </Box>
        </Box>
        {schema.status !== 'deprecated' ? (
          <Flex gap="2" wrap="wrap">
            {schema.status === 'draft' ? (
              <>
                <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${title}`}>
                  Edit
                </Button>
                <Button size="sm" onClick={() => onChange({ schema, status: 'active' })} aria-label={`Activate ${title}`}>
                  Activate
                </Button>
              </>
            ) : (
              <Button size="sm" variant="outline" colorPalette="orange" onClick={() => onChange({ schema, status: 'deprecated' })} aria-label={`Deprecate ${title}`}>
                Deprecate
              </Button>
            )}
          </Flex>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function SchemasView({ client }: { client: AccordClient }) {
  const schemas = useVerificationSchemas(client);
  // undefined: closed; null: a new schema; a schema: editing that draft.
  const [editing, setEditing] = useState<VerificationSchema | null | undefined>(undefined);

  const save = useCommand({
    run: (draft: VerificationSchemaDraft) => saveVerificationSchema(client, draft),
    refresh: [verificationSchemaKeys.list],
    success: (saved, draft) => ({
      title: draft.id ? 'Draft saved' : 'Draft added',
      description: `${saved.name} ${saved.version} is a draft: only the back office sees it until you activate it.`,
    }),
  });
  const change = useCommand({
    run: ({ schema, status }: StatusChange) => changeVerificationSchemaStatus(client, { id: schema.id, status }),
    refresh: [verificationSchemaKeys.list],
    success: (changed) => ({
      title: changed.status === 'active' ? 'Schema activated' : 'Schema deprecated',
      description:
        changed.status === 'active'
          ? `Members can now declare that they verify ${changed.name} ${changed.version}.`
          : `${changed.name} ${changed.version} stays on the profiles of members who declared it, marked deprecated.`,
    }),
  });
  const changing = useConfirm(change);
  const closeEditor = () => {
    save.reset();
    setEditing(undefined);
  };

  return (
    <Stack gap="6">
      <PageHeader
        eyebrow="Back office"
        title="Verification schemas"
        intro="The kinds of identity and document check the network recognises, at the trust framework's levels of assurance. Members declare which active schemas they verify; their registry profiles and the open API show it."
        actions={<Button onClick={() => setEditing(null)}>Add schema</Button>}
      />
      <QueryView
        query={schemas}
        loading="Loading verification schemas…"
        errorTitle="The verification schemas could not be loaded"
        staleErrorTitle="The verification schemas could not be refreshed"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyMessage title="No verification schemas yet">
            Add the first kind of check the network recognises with “Add schema”. It stays a draft until you activate it.
          </EmptyMessage>
        }
      >
        {(list) => (
          <Stack as="ul" listStyleType="none" gap="4" aria-label="Verification schemas">
            {list.map((schema) => (
              <SchemaCard key={schema.id} schema={schema} onEdit={() => setEditing(schema)} onChange={changing.ask} />
            ))}
          </Stack>
        )}
      </QueryView>
      {editing !== undefined ? <SchemaFormDialog key={editing?.id ?? 'new'} schema={editing} open onClose={closeEditor} save={save} /> : null}
      <ConfirmDialog
        {...changing.dialog}
        title={changing.subject?.status === 'active' ? `Activate ${changing.subject.schema.name} ${changing.subject.schema.version}?` : `Deprecate ${changing.subject?.schema.name ?? ''} ${changing.subject?.schema.version ?? ''}?`}
        description={
          changing.subject?.status === 'active'
            ? 'Members will be able to declare that they verify it, and it will show on their registry profiles and in the open API. An active schema cannot be edited or returned to draft.'
            : 'Members can no longer declare it. Those who did keep it on their profiles, marked deprecated. This cannot be undone.'
        }
        confirmLabel={changing.subject?.status === 'active' ? 'Activate' : 'Deprecate'}
        busyLabel={changing.subject?.status === 'active' ? 'Activating…' : 'Deprecating…'}
        destructive={changing.subject?.status === 'deprecated'}
        failureTitle="The status was not changed"
      />
    </Stack>
  );
}

/** /admin/schemas: the verification schemas the network recognises. Tests pass a fake client. */
export default function SchemasPage({ client = supabase }: { client?: AccordClient } = {}) {
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <SchemasView client={client} />
    </Container>
  );
}
