import { Alert, Box, Button, Field, Flex, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { ConfirmDialog } from '../../../components/dialogs';
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields';
import { PageHeader } from '../../../components/page-header';
import { EmptyMessage, QueryView } from '../../../components/query-view';
import { StatusBadge } from '../../../components/status-badge';
import { useCommand } from '../../../components/use-command';
import { useConfirm } from '../../../components/use-confirm';
import { useTabKeys } from '../../../components/use-tab-keys';
import type { AccordClient } from '../../../data/client';
import { deleteUpdate } from '../../../data/news-desk/delete-update';
import { useDeskUpdate } from '../../../data/news-desk/get-desk-update';
import { changedUpdateKeys, newsDeskKeys } from '../../../data/news-desk/keys';
import { submitUpdate, type SubmitAction } from '../../../data/news-desk/submit-update';
import { DESK_SLUG_PATTERN, deskStatus, slugFromTitle, type DeskUpdate, type UpdateCategory } from '../../../data/news-desk/types';
import { unpublishUpdate } from '../../../data/news-desk/unpublish-update';
import { COVER_ALT_MAX, coverFileProblem } from '../../../data/news-desk/upload-cover';
import { publicObjectUrl } from '../../../data/public-storage';
import { UPDATE_CATEGORY_LABELS } from '../../../components/update-article/update-format';
import { updateHref, UpdateArticle } from '../../../components/update-article/update-article';
import { formatDayAndTime } from '../../../components/formats';
import { CoverField } from './cover-field';
import { DESK_STATUS_LOOK, fromLocalInput, toLocalInput } from './desk-status';

const EDITOR_TABS = ['write', 'preview'] as const;
type EditorTab = (typeof EDITOR_TABS)[number];

const CATEGORY_OPTIONS = (Object.keys(UPDATE_CATEGORY_LABELS) as UpdateCategory[]).map((value) => ({ value, label: UPDATE_CATEGORY_LABELS[value] }));

interface Form {
  title: string;
  slug: string;
  /** False until the editor types a slug: until then it follows the title. */
  slugEdited: boolean;
  summary: string;
  category: UpdateCategory | '';
  /** datetime-local, in the editor's time zone. */
  date: string;
  body: string;
  /** The stored cover's object name, kept until another image is chosen or it is removed. */
  coverPath: string | null;
  /** An image chosen and checked but not uploaded yet (it is uploaded when the update is saved). */
  coverFile: File | null;
  /** What the preview shows: the chosen file as a data: address, or the stored cover's public address. */
  coverUrl: string | null;
  coverAlt: string;
}

type FieldName = 'title' | 'slug' | 'summary' | 'category' | 'date' | 'body' | 'cover' | 'coverAlt';
type Errors = Partial<Record<FieldName, string>>;

function formOf(update: DeskUpdate | null): Form {
  return update
    ? {
        title: update.title,
        slug: update.slug,
        slugEdited: true,
        summary: update.summary,
        category: update.category,
        date: toLocalInput(update.publishedAt),
        body: update.body,
        coverPath: update.coverPath,
        coverFile: null,
        coverUrl: update.coverPath ? publicObjectUrl('update_covers', update.coverPath) : null,
        coverAlt: update.coverAlt ?? '',
      }
    : { title: '', slug: '', slugEdited: false, summary: '', category: '', date: '', body: '', coverPath: null, coverFile: null, coverUrl: null, coverAlt: '' };
}

/** The same rules as admin_save_update, so most mistakes are told before a request is made. */
function check(form: Form): Errors {
  const errors: Errors = {};
  const title = form.title.trim();
  if (title === '') errors.title = 'Give the update a title.';
  else if ([...title].length > 160) errors.title = 'A title can be at most 160 characters.';
  if (form.slug === '') errors.slug = 'Give the update a slug: it is the end of its address.';
  else if (!DESK_SLUG_PATTERN.test(form.slug) || form.slug.length > 120)
    errors.slug = 'Use lower-case letters, digits and single hyphens (no spaces), at most 120 characters.';
  const summary = form.summary.trim();
  if (summary === '') errors.summary = 'Write a summary of one or two sentences.';
  else if ([...summary].length > 400) errors.summary = 'A summary can be at most 400 characters.';
  if (form.category === '') errors.category = 'Choose what the update is about.';
  if (form.date.trim() !== '' && fromLocalInput(form.date) === null) errors.date = 'Enter a date and time, or leave it empty.';
  const body = form.body.trim();
  if (body === '') errors.body = 'Write the update’s text.';
  else if ([...body].length > 20000) errors.body = 'The text can be at most 20,000 characters.';
  if (form.coverUrl !== null) {
    const alt = form.coverAlt.trim();
    if (alt === '') errors.coverAlt = 'Describe the cover image for people who cannot see it.';
    else if ([...alt].length > COVER_ALT_MAX) errors.coverAlt = `The description can be at most ${COVER_ALT_MAX} characters.`;
  }
  return errors;
}

interface EditorProps {
  client: AccordClient;
  /** Null: a new update. */
  update: DeskUpdate | null;
}

function Editor({ client, update }: EditorProps) {
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(() => formOf(update));
  const [errors, setErrors] = useState<Errors>({});
  const [tab, setTab] = useState<EditorTab>('write');
  const tabKeys = useTabKeys(EDITOR_TABS, setTab);
  const failureRef = useRef<HTMLDivElement>(null);
  const dateId = useId();

  // Another save of the same update (a refresh after publishing) brings the stored values back.
  useEffect(() => {
    if (update) setForm(formOf(update));
  }, [update]);

  const status = update ? deskStatus(update) : 'draft';
  const plannedAt = fromLocalInput(form.date);
  const inFuture = plannedAt !== null && new Date(plannedAt).getTime() > Date.now();

  const act = useCommand({
    run: (action: SubmitAction) =>
      submitUpdate(
        client,
        {
          action,
          coverFile: form.coverFile,
          draft: {
            id: update?.id ?? null,
            slug: form.slug,
            title: form.title.trim(),
            summary: form.summary.trim(),
            body: form.body,
            category: form.category as UpdateCategory,
            publishedAt: plannedAt,
            coverPath: form.coverPath,
            coverAlt: form.coverAlt.trim(),
          },
        },
        (file, path) => setForm((current) => (current.coverFile === file ? { ...current, coverFile: null, coverPath: path } : current)),
      ),
    refresh: (_, result) => (update ? changedUpdateKeys(result.id, form.slug, update.slug) : changedUpdateKeys(result.id, form.slug)),
    success: ({ at }, action) => {
      if (action === 'publish') return { title: 'Update published', description: 'Visitors can read it on the Updates page now.' };
      if (action === 'schedule') return { title: 'Update scheduled', description: `Visitors can read it from ${formatDayAndTime(at)}.` };
      if (update?.isPublished) return { title: 'Changes saved', description: 'Visitors see the new version at once.' };
      return { title: 'Draft saved', description: 'Visitors cannot see it until you publish it.' };
    },
  });

  const unpublish = useCommand({
    run: () => unpublishUpdate(client, update!.id),
    refresh: () => changedUpdateKeys(update!.id, update!.slug),
    success: () => ({ title: 'Update unpublished', description: 'Visitors no longer see it. It is kept as a draft.' }),
  });

  const remove = useCommand({
    run: () => deleteUpdate(client, update!.id),
    refresh: [newsDeskKeys.list],
    success: () => ({ title: 'Draft deleted' }),
  });
  const unpublishing = useConfirm(unpublish);
  const deleting = useConfirm(remove, () => void navigate('/admin/updates', { replace: true }));

  function set<K extends keyof Form>(key: K, value: Form[K]) {
    setForm((current) => {
      const next = { ...current, [key]: value };
      if (key === 'title' && !current.slugEdited) next.slug = slugFromTitle(String(value));
      return next;
    });
  }

  function chooseCover(file: File | null) {
    if (!file) return;
    const problem = coverFileProblem(file);
    setErrors((current) => ({ ...current, cover: problem ?? undefined }));
    if (problem) return;
    // A data: address, which the Content-Security-Policy's img-src allows: nothing is uploaded before saving.
    const reader = new FileReader();
    reader.onload = () => setForm((current) => ({ ...current, coverFile: file, coverUrl: String(reader.result) }));
    reader.onerror = () => setErrors((current) => ({ ...current, cover: `${file.name} could not be read. Choose it again.` }));
    reader.readAsDataURL(file);
  }

  async function submit(action: SubmitAction) {
    const found = { ...check(form), ...(errors.cover ? { cover: errors.cover } : {}) };
    if (action === 'schedule' && !found.date && !inFuture) found.date = 'Choose a date and time still to come to schedule the update.';
    setErrors(found);
    const first = (['title', 'slug', 'summary', 'category', 'date', 'cover', 'coverAlt', 'body'] as FieldName[]).find((name) => found[name]);
    if (first) {
      setTab('write');
      // After the write tab is back on screen.
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
      return;
    }
    const result = await act.run(action);
    if (result.ok && !update) void navigate(`/admin/updates?edit=${result.value.id}`, { replace: true });
    if (!result.ok) requestAnimationFrame(() => failureRef.current?.focus());
  }

  const preview = useMemo(
    () => ({
      id: update?.id ?? 'preview',
      slug: form.slug,
      title: form.title.trim() || 'Untitled update',
      summary: form.summary.trim(),
      body: form.body,
      category: (form.category || 'network') as UpdateCategory,
      publishedAt: plannedAt ?? new Date().toISOString(),
      cover: form.coverUrl ? { url: form.coverUrl, alt: form.coverAlt.trim() } : null,
    }),
    [update, form, plannedAt],
  );

  const busy = act.busy || unpublish.busy || remove.busy;
  const published = status === 'published' || status === 'scheduled';

  return (
    <Stack gap="6">
      <Box>
        <Link asChild variant="underline" textStyle="sm">
          <RouterLink to="/admin/updates">← All updates</RouterLink>
        </Link>
      </Box>
      <PageHeader
        eyebrow="Back office · Updates"
        title={update ? 'Edit the update' : 'Write an update'}
        intro={
          update ? (
            <>
              Last changed {formatDayAndTime(update.updatedAt)}.{' '}
              {status === 'published' ? 'Changes you save show on the Updates page at once.' : null}
              {status === 'scheduled' ? `Visitors can read it from ${formatDayAndTime(update.publishedAt)}.` : null}
              {status === 'draft' || status === 'unpublished' ? 'Visitors cannot see it until you publish it.' : null}
            </>
          ) : (
            'A new update is a draft until you publish it or schedule it. Write the text in Markdown and preview it as visitors will see it.'
          )
        }
        actions={update ? <StatusBadge status={status} map={DESK_STATUS_LOOK} size="lg" /> : null}
      />

      {act.error ? (
        <Alert.Root status="error" role="alert" borderRadius="lg" ref={failureRef} tabIndex={-1}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The update was not saved</Alert.Title>
            <Alert.Description>{act.error}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      <Flex role="tablist" aria-label="Editor view" gap="2">
        {EDITOR_TABS.map((name, index) => (
          <Button
            key={name}
            ref={tabKeys.ref(index)}
            role="tab"
            id={`desk-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`desk-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            size="sm"
            variant={tab === name ? 'solid' : 'outline'}
            onClick={() => setTab(name)}
            onKeyDown={(event) => tabKeys.onKeyDown(event, index)}
          >
            {name === 'write' ? 'Write' : 'Preview'}
          </Button>
        ))}
      </Flex>

      {tab === 'write' ? (
        <form
          id="desk-panel-write"
          role="tabpanel"
          aria-labelledby="desk-tab-write"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit('save');
          }}
        >
          <Stack gap="5" maxW="3xl">
          <TextField label="Title" name="title" required value={form.title} onChange={(value) => set('title', value)} error={errors.title} />
          <TextField
            label="Slug"
            name="slug"
            required
            value={form.slug}
            onChange={(value) => setForm((current) => ({ ...current, slug: value, slugEdited: true }))}
            error={errors.slug}
            hint={
              <>
                The end of its address: <Text as="span" fontFamily="mono" wordBreak="break-all">{updateHref(form.slug || 'your-slug')}</Text>
                {update?.isPublished ? '. Changing it breaks links people have already shared.' : null}
              </>
            }
          />
          <TextAreaField label="Summary" name="summary" required rows={3} maxChars={400} value={form.summary} onChange={(value) => set('summary', value)} error={errors.summary}
            hint="One or two sentences, shown in the list of updates and by search engines." />
          <SelectField label="About" name="category" required placeholder="Choose…" options={CATEGORY_OPTIONS} value={form.category}
            onChange={(value) => set('category', value as UpdateCategory | '')} error={errors.category} />
          <Field.Root invalid={Boolean(errors.date)} ids={{ control: dateId }}>
            <Field.Label>
              Publication date{' '}
              <Text as="span" color="fg.muted" fontWeight="normal">
                (optional)
              </Text>
            </Field.Label>
            <Input name="date" type="datetime-local" size="lg" value={form.date} onChange={(event) => set('date', event.target.value)} maxW="20rem" />
            {errors.date ? (
              <Field.ErrorText>{errors.date}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                In your time zone. Empty: dated when you publish. A date still to come lets you schedule the update.
              </Field.HelperText>
            )}
          </Field.Root>
          <CoverField
            previewUrl={form.coverUrl}
            alt={form.coverAlt}
            onChoose={chooseCover}
            onAltChange={(value) => {
              set('coverAlt', value);
              if (errors.coverAlt && value.trim() !== '') setErrors((current) => ({ ...current, coverAlt: undefined }));
            }}
            onRemove={() => {
              setForm((current) => ({ ...current, coverPath: null, coverFile: null, coverUrl: null, coverAlt: '' }));
              setErrors((current) => ({ ...current, cover: undefined, coverAlt: undefined }));
            }}
            error={errors.cover}
            altError={errors.coverAlt}
          />
          <TextAreaField label="Text" name="body" required rows={16} maxChars={20000} value={form.body} onChange={(value) => set('body', value)} error={errors.body}
            hint="Markdown: a blank line between paragraphs, ## for a heading, - for a list, **bold**, *italic*, [text](https://…). HTML shows as text and never runs." />
          {/* Enter in a field saves the draft. */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
          </Stack>
        </form>
      ) : (
        <Box id="desk-panel-preview" role="tabpanel" aria-labelledby="desk-tab-preview" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '8' }} bg="bg">
          <Text textStyle="xs" color="fg.muted" mb="4" textTransform="uppercase" letterSpacing="wide" fontWeight="semibold">
            Preview: as visitors will see it
          </Text>
          <UpdateArticle update={preview} titleAs="h2" />
        </Box>
      )}

      <Flex gap="3" wrap="wrap" borderTopWidth="1px" pt="5">
        <Button variant={published ? 'solid' : 'outline'} loading={act.pending === 'save'} loadingText="Saving…" disabled={busy} onClick={() => void submit('save')}>
          {update ? 'Save changes' : 'Save draft'}
        </Button>
        {status !== 'published' ? (
          <Button loading={act.pending === 'publish'} loadingText="Publishing…" disabled={busy} onClick={() => void submit('publish')}>
            Publish now
          </Button>
        ) : null}
        {inFuture ? (
          <Button variant="outline" loading={act.pending === 'schedule'} loadingText="Scheduling…" disabled={busy} onClick={() => void submit('schedule')}>
            Schedule for {formatDayAndTime(plannedAt)}
          </Button>
        ) : null}
        {update && published ? (
          <Button variant="outline" colorPalette="red" disabled={busy} onClick={() => unpublishing.ask()}>
            Unpublish
          </Button>
        ) : null}
        {update && !published ? (
          <Button variant="ghost" colorPalette="red" disabled={busy} onClick={() => deleting.ask()}>
            Delete draft
          </Button>
        ) : null}
        {update && status === 'published' ? (
          <Button asChild variant="ghost">
            <RouterLink to={updateHref(update.slug)}>View on the site</RouterLink>
          </Button>
        ) : null}
      </Flex>

      <ConfirmDialog
        {...unpublishing.dialog}
        title="Unpublish this update?"
        description="Visitors will no longer see it on the Updates page, and links to it will say it was not found. It is kept as a draft you can publish again."
        confirmLabel="Unpublish"
        busyLabel="Unpublishing…"
        cancelLabel="Keep it published"
        destructive
        failureTitle="The update was not unpublished"
      />
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete this draft?"
        description="The draft and its text are deleted. The activity log keeps a copy."
        confirmLabel="Delete draft"
        busyLabel="Deleting…"
        cancelLabel="Keep it"
        destructive
        failureTitle="The draft was not deleted"
      />
    </Stack>
  );
}

/** /admin/updates?edit=<id> (or =new): one update's editor, once it has loaded. */
export function UpdateEditor({ client, id }: { client: AccordClient; id: string | null }) {
  const query = useDeskUpdate(id, client);
  if (id === null) return <Editor client={client} update={null} />;
  return (
    <QueryView
      query={query}
      loading="Loading the update…"
      errorTitle="The update could not be loaded"
      isEmpty={(data) => data === null}
      empty={
        <Stack gap="4">
          <Heading as="h1" size="2xl">
            Update not found
          </Heading>
          <EmptyMessage title="There is no update at this address">
            It may have been deleted.{' '}
            <Link asChild variant="underline">
              <RouterLink to="/admin/updates">See all updates</RouterLink>
            </Link>
          </EmptyMessage>
        </Stack>
      }
    >
      {(update) => <Editor key={update!.id} client={client} update={update} />}
    </QueryView>
  );
}
