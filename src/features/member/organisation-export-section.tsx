import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { formatCount } from '../../components/formats';
import { SectionHeader } from '../../components/page-header';
import { useCommand } from '../../components/use-command';
import type { AccordClient } from '../../data/client';
import { exportMyOrganisation, type OrganisationExport } from '../../data/admin/organisation-data';

/** An organisation's administrator downloads everything the network holds about it (decision 076). */
export function OrganisationExportSection({ organizationId, client }: { organizationId: string; client: AccordClient }) {
  const [archive, setArchive] = useState<OrganisationExport | null>(null);
  const exporting = useCommand({ run: () => exportMyOrganisation(client, organizationId) });
  const run = async () => {
    setArchive(null);
    const result = await exporting.run();
    if (result.ok) setArchive(result.value);
  };
  return (
    <Stack as="section" aria-labelledby="organisation-export" gap="4">
      <SectionHeader
        id="organisation-export"
        title="Your organisation’s data"
        intro="Download everything the network holds about your organisation: its details, members, applications, conversations, invoices and files, as JSON and CSV in one archive."
      />
      <Stack direction="row" gap="3" align="center" wrap="wrap">
        <Button variant="outline" loading={exporting.busy} loadingText="Preparing the archive…" onClick={() => void run()}>
          Export our data
        </Button>
      </Stack>
      {exporting.error ? (
        <Text role="alert" color="fg.error">
          {exporting.error}
        </Text>
      ) : null}
      {archive ? (
        <Stack gap="1" role="status">
          <Text>
            {formatCount(archive.manifest.tables.reduce((sum, t) => sum + t.rows, 0))} rows and {formatCount(archive.manifest.files.length)} files are ready.
          </Text>
          <Link href={archive.url} download={archive.fileName} colorPalette="blue" fontWeight="medium">
            Download {archive.fileName}
          </Link>
          <Text textStyle="sm" color="fg.muted">
            The link works for 15 minutes.
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
