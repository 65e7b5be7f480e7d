import { Box, Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useId, useState } from 'react';

import { SearchField } from '../../components/filter-controls';
import { errorMessage } from '../../components/query-view';
import type { AccordClient } from '../../data/client';
import { useTenants } from '../../data/admin/list-tenants';

/** How many matches the picker offers at once: enough to choose from, few enough to read. */
const MATCHES = 6;

export interface PickedOrganization {
  id: string;
  name: string;
}

export interface OrganizationPickerProps {
  client: AccordClient;
  /** The search field's label ("Organisation"). */
  label: string;
  value: PickedOrganization | null;
  onChange: (organization: PickedOrganization | null) => void;
  error?: string | null;
}

/**
 * Finds an organisation by the start of its name, registration number or
 * domain (admin_list_tenants, paged on the server) and chooses one. The
 * choices are radio buttons, so a keyboard and a screen reader move through
 * them as one group.
 */
export function OrganizationPicker({ client, label, value, onChange, error }: OrganizationPickerProps) {
  const [search, setSearch] = useState('');
  const groupId = useId();
  const errorId = useId();
  const typed = search.trim();
  const matches = useTenants({ search: typed || null, sort: 'name', pageSize: MATCHES }, client);

  if (value) {
    return (
      <Stack gap="1.5">
        <Text fontWeight="medium" textStyle="sm">
          {label}
        </Text>
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {value.name}
          </Text>
          <Button size="xs" variant="outline" onClick={() => onChange(null)}>
            Choose another organisation
          </Button>
        </Flex>
      </Stack>
    );
  }

  const rows = matches.data?.tenants ?? [];
  return (
    <Stack gap="2">
      <SearchField label={label} placeholder="Name, registration number or domain" value={search} onChange={setSearch} />
      {error ? (
        <Text id={errorId} textStyle="xs" color="fg.error">
          {error}
        </Text>
      ) : null}
      {matches.error && !matches.data ? (
        <Text textStyle="sm" color="fg.error" role="alert">
          The organisations could not be loaded. {errorMessage(matches.error)}
        </Text>
      ) : matches.data === undefined ? (
        <Text textStyle="sm" color="fg.muted" role="status">
          Looking for organisations…
        </Text>
      ) : rows.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" role="status">
          No organisation matches “{typed}”.
        </Text>
      ) : (
        <Box as="fieldset" borderWidth="1px" borderRadius="md" p="2" aria-describedby={error ? errorId : undefined}>
          <chakra.legend srOnly>Matching organisations</chakra.legend>
          <Stack gap="1">
            {rows.map((row) => (
              <chakra.label key={row.id} display="flex" gap="2" alignItems="center" cursor="pointer" py="1" px="1" borderRadius="sm" _hover={{ bg: 'bg.subtle' }}>
                <input type="radio" name={groupId} value={row.id} onChange={() => onChange({ id: row.id, name: row.name })} />
                <Text as="span" overflowWrap="anywhere">
                  {row.name}
                </Text>
              </chakra.label>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
