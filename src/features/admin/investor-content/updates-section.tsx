import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { ConfirmDialog, FormDialog } from '../../../components/dialogs';
import { TextAreaField, TextField } from '../../../components/form-fields';
import { formatLongDate } from '../../../components/formats';
import { SectionHeader } from '../../../components/page-header';
import { EmptyMessage, QueryView } from '../../../components/query-view';
import { useCommand, type Command } from '../../../components/use-command';
import { useConfirm } from '../../../components/use-confirm';
import type { AccordClient } from '../../../data/client';
import { deleteInvestorUpdate } from '../../../data/investor-content/delete-investor-update';
import { investorContentKeys } from '../../../data/investor-content/keys';
import { useInvestorUpdates, type InvestorUpdate } from '../../../data/investor-content/list-investor-updates';
import { saveInvestorUpdate, type InvestorUpdateInput } from '../../../data/investor-content/save-investor-update';

/** "Post update" (no update given) or "Edit" (one given). */
function UpdateDialog({ update, save }: { update?: InvestorUpdate; save: Command<InvestorUpdateInput, string> }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(update?.title ?? '');
  const [body, setBody] = useState(update?.body ?? '');
  const [problems, setProblems] = useState<{ title?: string; body?: string }>({});

  async function submit() {
    const found: { title?: string; body?: string } = {};
    if (title.trim() === '') found.title = 'Enter a title.';
    else if ([...title.trim()].length > 200) found.title = 'A title can be at most 200 characters.';
    if (body.trim() === '') found.body = 'Write the update.';
    else if ([...body.trim()].length > 5000) found.body = 'An update can be at most 5,000 characters.';
    setProblems(found);
    if (found.title || found.body) {
      document.querySelector<HTMLElement>(`[role="dialog"] [name="${found.title ? 'updateTitle' : 'updateBody'}"]`)?.focus();
      return;
    }
    const result = await save.run({ id: update?.id ?? null, title: title.trim(), body: body.trim() });
    if (result.ok) {
      setOpen(false);
      if (!update) {
        setTitle('');
        setBody('');
      }
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setTitle(update?.title ?? '');
        setBody(update?.body ?? '');
        setProblems({});
        save.reset();
      }}
      trigger={
        update ? (
          <Button size="sm" variant="outline" aria-label={`Edit ${update.title}`}>
            Edit
          </Button>
        ) : (
          <Button>Post update</Button>
        )
      }
      title={update ? 'Edit the update' : 'Post an update for investors'}
      description={update ? 'Investors see the correction at once; the date stays.' : 'Every investor sees it on their dashboard at once.'}
      submitLabel={update ? 'Save' : 'Post'}
      busyLabel={update ? 'Saving…' : 'Posting…'}
      busy={save.busy}
      failure={save.error}
      failureTitle={update ? 'The update was not saved' : 'The update was not posted'}
      onSubmit={() => void submit()}
    >
      <TextField label="Title" name="updateTitle" required value={title} error={problems.title} onChange={setTitle} />
      <TextAreaField label="Update" name="updateBody" required rows={8} maxChars={5000} value={body} error={problems.body} onChange={setBody} />
    </FormDialog>
  );
}

/** Investor updates: short posts on the investor dashboard, newest first. */
export function UpdatesSection({ client }: { client: AccordClient }) {
  const updates = useInvestorUpdates(client);
  const save = useCommand({
    run: (input: InvestorUpdateInput) => saveInvestorUpdate(client, input),
    refresh: [investorContentKeys.updates],
    success: (_, input) =>
      input.id ? { title: 'Update saved', description: `Investors now read the corrected “${input.title}”.` } : { title: 'Update posted', description: `Every investor sees “${input.title}” on their dashboard.` },
  });
  const remove = useCommand({
    run: (update: InvestorUpdate) => deleteInvestorUpdate(client, update.id),
    refresh: [investorContentKeys.updates],
    success: (_, update) => ({ title: 'Update deleted', description: `Investors no longer see “${update.title}”.` }),
  });
  const deleting = useConfirm(remove);

  return (
    <Stack as="section" aria-labelledby="updates-heading" gap="4">
      <SectionHeader id="updates-heading" title="Investor updates" intro="Short news for every investor, shown on their dashboard." actions={<UpdateDialog save={save} />} />
      <QueryView
        query={updates}
        loading="Loading the updates…"
        errorTitle="The updates could not be loaded"
        staleErrorTitle="The updates could not be refreshed"
        isEmpty={(all) => all.length === 0}
        empty={<EmptyMessage title="No updates yet">Post the first one with “Post update”.</EmptyMessage>}
      >
        {(all) => (
          <Stack as="ul" listStyleType="none" ps="0" gap="3">
            {all.map((u) => (
              <Box as="li" key={u.id} borderWidth="1px" borderRadius="md" p="4">
                <Flex gap="3" justify="space-between" align="start" direction={{ base: 'column', sm: 'row' }}>
                  <Stack gap="1" minW="0">
                    <Heading as="h3" size="md" wordBreak="break-word">
                      {u.title}
                    </Heading>
                    <Text textStyle="sm" color="fg.muted">
                      {formatLongDate(new Date(u.publishedAt))}
                    </Text>
                  </Stack>
                  <Flex gap="2" flexShrink={0}>
                    <UpdateDialog update={u} save={save} />
                    <Button size="sm" variant="ghost" colorPalette="red" onClick={() => deleting.ask(u)} aria-label={`Delete ${u.title}`}>
                      Delete
                    </Button>
                  </Flex>
                </Flex>
                <Text mt="2" whiteSpace="pre-wrap" wordBreak="break-word">
                  {u.body}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </QueryView>
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete this update?"
        description={`Investors will no longer see “${deleting.subject?.title ?? ''}”. This cannot be undone.`}
        confirmLabel="Delete update"
        busyLabel="Deleting…"
        destructive
        failureTitle="The update was not deleted"
      />
    </Stack>
  );
}
