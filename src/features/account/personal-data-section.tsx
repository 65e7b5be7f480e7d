import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { downloadFile } from '../../components/download-file';
import { formatCount } from '../../components/formats';
import { useCommand } from '../../components/use-command';
import { exportMyPersonalData, type PersonalDataExport } from '../../data/account/export-my-personal-data';
import { supabase, type AccordClient } from '../../data/client';

/** The file's name: the day it was made, so two downloads on different days do not overwrite each other. */
export const personalDataFileName = (exportedAt: string) => `accord-personal-data-${exportedAt.slice(0, 10)}.json`;

const recordCount = (data: PersonalDataExport) => Object.values(data.tables).reduce((sum, rows) => sum + rows.length, 0);

/** A person downloads everything the network holds about them (GDPR art. 15 and 20; decision 076). */
export function PersonalDataSection({ client = supabase }: { client?: AccordClient }) {
  const [saved, setSaved] = useState<{ name: string; records: number } | null>(null);
  const exporting = useCommand({ run: () => exportMyPersonalData(client) });
  const run = async () => {
    setSaved(null);
    const result = await exporting.run();
    if (!result.ok) return;
    const name = personalDataFileName(result.value.exported_at);
    downloadFile(JSON.stringify(result.value, null, 2), name, 'application/json');
    setSaved({ name, records: recordCount(result.value) });
  };
  return (
    <Stack gap="3" align="start">
      <Button variant="outline" loading={exporting.busy} loadingText="Preparing your data…" onClick={() => void run()}>
        Download my data
      </Button>
      {exporting.error ? (
        <Text role="alert" color="fg.error">
          {exporting.error}
        </Text>
      ) : null}
      {saved ? (
        <Text role="status">
          Saved {saved.name}: {formatCount(saved.records)} {saved.records === 1 ? 'record' : 'records'}.
        </Text>
      ) : null}
    </Stack>
  );
}
