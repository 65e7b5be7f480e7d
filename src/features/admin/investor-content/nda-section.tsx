import { Alert, Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { FormDialog } from '../../../components/dialogs';
import { TextAreaField } from '../../../components/form-fields';
import { formatLongDate } from '../../../components/formats';
import { SectionHeader } from '../../../components/page-header';
import { EmptyMessage, QueryView } from '../../../components/query-view';
import { useCommand } from '../../../components/use-command';
import type { AccordClient } from '../../../data/client';
import { useCurrentNda, type NdaVersion } from '../../../data/investor-content/get-current-nda';
import { investorContentKeys } from '../../../data/investor-content/keys';
import { publishNdaVersion } from '../../../data/investor-content/publish-nda-version';

const NDA_MAX = 50000;

/** "Publish a new version": the text, with the warning that every data-room investor must agree again. */
function PublishNdaDialog({ client, current }: { client: AccordClient; current: NdaVersion | null }) {
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState(current?.body ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const next = (current?.version ?? 0) + 1;
  const publish = useCommand({
    run: (text: string) => publishNdaVersion(client, text),
    refresh: [investorContentKeys.nda],
    success: (version) => ({
      title: `NDA version ${version} published`,
      description: 'Data-room investors must agree to it before they can open the data room again.',
    }),
  });

  async function submit() {
    const trimmed = body.trim();
    const found =
      trimmed === ''
        ? 'Write the NDA text.'
        : [...trimmed].length > NDA_MAX
          ? 'The NDA can be at most 50,000 characters.'
          : current && trimmed === current.body.trim()
            ? 'The text is the same as version ' + String(current.version) + '. Change it before publishing a new version.'
            : undefined;
    setProblem(found);
    if (found) {
      document.querySelector<HTMLElement>('[role="dialog"] [name="ndaBody"]')?.focus();
      return;
    }
    const result = await publish.run(trimmed);
    if (result.ok) setOpen(false);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(isOpen) => {
        setOpen(isOpen);
        setBody(current?.body ?? '');
        setProblem(undefined);
        publish.reset();
      }}
      trigger={<Button variant="outline">{current ? 'Edit the NDA' : 'Publish the NDA'}</Button>}
      title={current ? `Publish NDA version ${next}` : 'Publish the NDA'}
      submitLabel={current ? `Publish version ${next}` : 'Publish version 1'}
      busyLabel="Publishing…"
      busy={publish.busy}
      failure={publish.error}
      failureTitle="The NDA was not published"
      onSubmit={() => void submit()}
    >
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>
            {current
              ? `Publishing version ${next} asks every data-room investor to agree again: the data room stays closed to each of them until they do. Version ${current.version} stays on record with the agreements to it.`
              : 'Until an NDA is published the data room is closed to every investor. Once published, each data-room investor agrees to it before their first document.'}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <TextAreaField label="NDA text" name="ndaBody" required rows={12} maxChars={NDA_MAX} value={body} error={problem} onChange={setBody} />
    </FormDialog>
  );
}

/** The NDA: the current version, when it was published, and a new version. */
export function NdaSection({ client }: { client: AccordClient }) {
  const nda = useCurrentNda(client);
  return (
    <Stack as="section" aria-labelledby="nda-heading" gap="4">
      <SectionHeader
        id="nda-heading"
        title="Non-disclosure agreement"
        intro="Data-room investors agree to the current version before they open any data-room document."
        actions={nda.data !== undefined ? <PublishNdaDialog client={client} current={nda.data} /> : null}
      />
      <QueryView
        query={nda}
        loading="Loading the NDA…"
        errorTitle="The NDA could not be loaded"
        isEmpty={(current) => current === null}
        empty={
          <EmptyMessage title="No NDA published">The data room is closed to every investor until you publish one.</EmptyMessage>
        }
      >
        {(current) =>
          current ? (
            <Stack gap="2">
              <Text fontWeight="semibold">
                Version {current.version} · published {formatLongDate(new Date(current.publishedAt))}
              </Text>
              <Box
                as="blockquote"
                tabIndex={0}
                aria-label={`NDA version ${current.version}`}
                maxH="48"
                overflowY="auto"
                borderWidth="1px"
                borderRadius="md"
                p="3"
                whiteSpace="pre-wrap"
                textStyle="sm"
              >
                {current.body}
              </Box>
            </Stack>
          ) : null
        }
      </QueryView>
    </Stack>
  );
}
