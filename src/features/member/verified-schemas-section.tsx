import { Badge, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { CheckboxInput } from '../../components/form-controls';
import { SectionHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import type { AccordClient } from '../../data/client';
import { setDeclaredSchemas, useDeclaredSchemaIds } from '../../data/verification-schemas/declared-schemas';
import { verificationSchemaKeys } from '../../data/verification-schemas/keys';
import { useVerificationSchemas } from '../../data/verification-schemas/list-verification-schemas';
import { ASSURANCE_LABELS, type VerificationSchema } from '../../data/verification-schemas/types';

const title = (schema: VerificationSchema) => `${schema.name} ${schema.version}`;

function SchemaLabel({ schema }: { schema: VerificationSchema }) {
  return (
    <Stack gap="0.5" minW="0">
      <Flex gap="2" wrap="wrap" align="center">
        <Text as="span" fontWeight="medium">
          {title(schema)}
        </Text>
        <Badge variant="outline" size="sm">
          Assurance: {ASSURANCE_LABELS[schema.assuranceLevel]}
        </Badge>
        {schema.status === 'deprecated' ? (
          <Badge colorPalette="orange" size="sm">
            Deprecated
          </Badge>
        ) : null}
      </Flex>
      <Text as="span" textStyle="sm" color="fg.muted" overflowWrap="anywhere">
        {schema.description}
      </Text>
    </Stack>
  );
}

function DeclarationForm({ organizationId, schemas, declared, client }: { organizationId: string; schemas: VerificationSchema[]; declared: string[]; client: AccordClient }) {
  const [chosen, setChosen] = useState<string[]>(declared);
  const save = useCommand({
    run: (ids: string[]) => setDeclaredSchemas(client, organizationId, ids),
    refresh: [verificationSchemaKeys.declared(organizationId), verificationSchemaKeys.list],
    success: () => ({ title: 'Verified schemas saved', description: 'Your trust registry profile and the open API show them now.' }),
  });
  // Active schemas can be chosen; a deprecated one only stays (or goes) if it was declared.
  const choices = schemas.filter((s) => s.status === 'active' || declared.includes(s.id));
  const changed = chosen.length !== declared.length || chosen.some((id) => !declared.includes(id));
  return (
    <chakra.form
      onSubmit={(event) => {
        event.preventDefault();
        void save.run(chosen);
      }}
    >
      <Stack gap="4">
        <chakra.fieldset border="0" p="0" m="0">
          <chakra.legend fontWeight="medium" mb="2">
            Schemas your organisation verifies
          </chakra.legend>
          <Stack as="ul" listStyleType="none" gap="2">
            {choices.map((schema) => (
              <li key={schema.id}>
                <chakra.label display="flex" gap="3" alignItems="flex-start" borderWidth="1px" borderRadius="l2" px="3" py="2.5" cursor="pointer">
                  <CheckboxInput
                    type="checkbox"
                    mt="1"
                    checked={chosen.includes(schema.id)}
                    disabled={save.busy}
                    aria-label={title(schema)}
                    onChange={(event) =>
                      setChosen((ids) => (event.target.checked ? [...ids, schema.id] : ids.filter((id) => id !== schema.id)))
                    }
                  />
                  <SchemaLabel schema={schema} />
                </chakra.label>
              </li>
            ))}
          </Stack>
        </chakra.fieldset>
        {save.error ? (
          <Text role="alert" color="fg.error" textStyle="sm">
            {save.error}
          </Text>
        ) : null}
        <Button type="submit" alignSelf="flex-start" loading={save.busy} loadingText="Saving…" disabled={!changed}>
          Save verified schemas
        </Button>
      </Stack>
    </chakra.form>
  );
}

/**
 * Which of the network's verification schemas the organisation verifies:
 * admins choose among the active ones (the database refuses anything else and
 * logs the change); members read the list. Shown on the registry profile.
 */
export function VerifiedSchemasSection({ organizationId, isAdmin, client }: { organizationId: string; isAdmin: boolean; client: AccordClient }) {
  const schemas = useVerificationSchemas(client);
  const declared = useDeclaredSchemaIds(organizationId, client);
  const both = {
    data: schemas.data && declared.data ? { schemas: schemas.data, declared: declared.data } : undefined,
    error: schemas.error ?? declared.error,
    mutate: () => Promise.all([schemas.mutate(), declared.mutate()]),
  };
  return (
    <Stack as="section" aria-labelledby="verified-schemas" gap="6">
      <SectionHeader
        id="verified-schemas"
        title="Verified schemas"
        intro={
          isAdmin
            ? 'The kinds of check your organisation performs, among those the network recognises. They take effect at once on your trust registry profile and in the open API.'
            : 'The kinds of check your organisation performs. Your organisation’s admins keep these up to date.'
        }
      />
      <QueryView query={both} loading="Loading verification schemas…" errorTitle="The verification schemas could not be loaded">
        {({ schemas: list, declared: ids }) => {
          if (isAdmin) {
            return list.some((s) => s.status === 'active' || ids.includes(s.id)) ? (
              <DeclarationForm key={ids.join()} organizationId={organizationId} schemas={list} declared={ids} client={client} />
            ) : (
              <Text color="fg.muted">The network has no active verification schemas yet.</Text>
            );
          }
          const mine = list.filter((s) => ids.includes(s.id));
          return mine.length === 0 ? (
            <Text color="fg.muted">Your organisation has not declared any verification schemas.</Text>
          ) : (
            <Stack as="ul" listStyleType="none" gap="3">
              {mine.map((schema) => (
                <li key={schema.id}>
                  <SchemaLabel schema={schema} />
                </li>
              ))}
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}
