import { Button, Container, Field, Flex, Input, Stack } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';

import { emailMessage, emailProblem, trimEmail } from '../../../machines/email';
import { DataTable, type Column } from '../../components/data-table';
import { ConfirmDialog, FormDialog } from '../../components/dialogs';
import { PageHeader } from '../../components/page-header';
import { PageNav } from '../../components/page-nav';
import { PersonName } from '../../components/person-name';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand, type Command } from '../../components/use-command';
import { useConfirm } from '../../components/use-confirm';
import { useUrlFilters } from '../../components/use-url-filters';
import { supabase, type AccordClient } from '../../data/client';
import { callGrantAccess, callGrantAccessChanges, type GrantAccessAnswer } from '../../data/investor-access/call-grant-access';
import { useStakeholders, type StakeholderRow } from '../../data/investor-access/list-stakeholders';
import { revokeStakeholder, revokeStakeholderChanges } from '../../data/investor-access/revoke-stakeholder';
import { setStakeholderAffiliation, setStakeholderAffiliationChanges } from '../../data/investor-access/set-stakeholder-affiliation';
import { formatDay, formatDayAndTime } from '../../components/formats';

export const STAKEHOLDERS_PAGE_SIZE = 20;
const AFFILIATION_MAX = 200;

const nameOf = (row: StakeholderRow) => row.fullName?.trim() || row.email || 'This stakeholder';

function parsePage(params: URLSearchParams): { page: number } {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return { page: Number.isFinite(page) && page >= 1 ? Math.min(page, 5000) : 1 };
}
function serializePage({ page }: { page: number }): URLSearchParams {
  return new URLSearchParams(page > 1 ? { page: String(page) } : {});
}

function affiliationProblem(value: string): string | null {
  return value.trim().length > AFFILIATION_MAX ? 'An affiliation can be at most 200 characters.' : null;
}

/** The affiliation field both dialogs share. */
function AffiliationField({ value, onChange, error, disabled }: { value: string; onChange: (v: string) => void; error: string | null; disabled: boolean }) {
  const id = useId();
  return (
    <Field.Root invalid={error !== null} ids={{ control: id }}>
      <Field.Label>Affiliation (optional)</Field.Label>
      <Input name="affiliation" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Who they represent: a regulator, a partner, a ministry. At most 200 characters.</Field.HelperText>}
    </Field.Root>
  );
}

interface InviteArgs {
  email: string;
  affiliation: string;
}

function InviteDialog({ invite }: { invite: Command<InviteArgs, GrantAccessAnswer> }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [affiliation, setAffiliation] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [affiliationError, setAffiliationError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const emailId = useId();
  const reset = () => {
    setEmail('');
    setAffiliation('');
    setEmailError(null);
    setAffiliationError(null);
    invite.reset();
  };
  async function submit() {
    const address = trimEmail(email);
    const problem = emailProblem(address);
    const tooLong = affiliationProblem(affiliation);
    setEmailError(problem ? emailMessage(problem, 'invitee') : null);
    setAffiliationError(tooLong);
    if (problem || tooLong) {
      if (problem) input.current?.focus();
      return;
    }
    const result = await invite.run({ email: address, affiliation: affiliation.trim() });
    if (result.ok) {
      setOpen(false);
      reset();
    }
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      trigger={<Button>Invite stakeholder</Button>}
      title="Invite a stakeholder"
      description="They get an e-mail with a link that signs them in and opens the stakeholder dashboard. An account is created for the address if it has none."
      submitLabel="Send invitation"
      busyLabel="Sending…"
      busyMessage="Inviting and sending the e-mail…"
      busy={invite.busy}
      failure={invite.error}
      failureTitle="The stakeholder was not invited"
      onSubmit={() => void submit()}
      initialFocus={input}
    >
      <Field.Root invalid={emailError !== null} ids={{ control: emailId }}>
        <Field.Label>E-mail address</Field.Label>
        <Input
          ref={input}
          type="email"
          name="email"
          autoComplete="off"
          inputMode="email"
          spellCheck={false}
          value={email}
          disabled={invite.busy}
          onChange={(e) => {
            setEmail(e.target.value);
            setEmailError(null);
          }}
        />
        {emailError ? <Field.ErrorText>{emailError}</Field.ErrorText> : <Field.HelperText>Use the address they will sign in with.</Field.HelperText>}
      </Field.Root>
      <AffiliationField value={affiliation} onChange={(v) => { setAffiliation(v); setAffiliationError(null); }} error={affiliationError} disabled={invite.busy} />
    </FormDialog>
  );
}

function AffiliationDialog({
  stakeholder,
  save,
  onClose,
}: {
  stakeholder: StakeholderRow;
  save: Command<{ stakeholder: StakeholderRow; affiliation: string }, void>;
  onClose: () => void;
}) {
  const [affiliation, setAffiliation] = useState(stakeholder.affiliation ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`${nameOf(stakeholder)}’s affiliation`}
      submitLabel="Save"
      busyLabel="Saving…"
      busy={save.busy}
      failure={save.error}
      failureTitle="The affiliation was not changed"
      onSubmit={() => {
        const problem = affiliationProblem(affiliation);
        setError(problem);
        if (problem) return;
        void save.run({ stakeholder, affiliation: affiliation.trim() }).then((result) => {
          if (result.ok) onClose();
        });
      }}
    >
      <AffiliationField value={affiliation} onChange={(v) => { setAffiliation(v); setError(null); }} error={error} disabled={save.busy} />
    </FormDialog>
  );
}

type Open = { kind: 'affiliation'; stakeholder: StakeholderRow } | null;

/** /admin/stakeholder-data: the network's stakeholders and their affiliation; invited, edited and revoked here (decision 059). */
export default function StakeholderDataPage({ client = supabase }: { client?: AccordClient } = {}) {
  const { filters, hrefFor } = useUrlFilters(parsePage, serializePage);
  const list = useStakeholders({ page: filters.page, pageSize: STAKEHOLDERS_PAGE_SIZE }, client);
  const [open, setOpen] = useState<Open>(null);

  const invite = useCommand({
    run: ({ email, affiliation }: InviteArgs) => callGrantAccess(client, { action: 'invite_stakeholder', email, affiliation: affiliation || null }),
    refresh: callGrantAccessChanges,
    refreshAfterFailure: true,
    success: (answer) => ({ title: 'Stakeholder invited', description: `We e-mailed ${answer.email} a link to the stakeholder dashboard.` }),
  });
  const save = useCommand({
    run: ({ stakeholder, affiliation }: { stakeholder: StakeholderRow; affiliation: string }) =>
      setStakeholderAffiliation(client, { userId: stakeholder.userId, affiliation }),
    refresh: setStakeholderAffiliationChanges,
    success: (_, { stakeholder }) => ({ title: 'Affiliation saved', description: `${nameOf(stakeholder)}’s affiliation is updated.` }),
  });
  const revoke = useCommand({
    run: (stakeholder: StakeholderRow) => revokeStakeholder(client, stakeholder.userId),
    refresh: revokeStakeholderChanges,
    success: (_, stakeholder) => ({ title: 'Stakeholder access revoked', description: `${nameOf(stakeholder)} no longer has the stakeholder dashboard.` }),
  });
  const revoking = useConfirm(revoke);
  const close = () => {
    save.reset();
    setOpen(null);
  };

  const columns: Column<StakeholderRow>[] = [
    {
      key: 'name',
      label: 'Stakeholder',
      unlabelledWhenStacked: true,
      cell: (r) => <PersonName name={r.fullName} email={r.email} emphasis />,
    },
    { key: 'affiliation', label: 'Affiliation', cell: (r) => r.affiliation ?? '—', cellProps: { overflowWrap: 'anywhere' } },
    { key: 'invitedBy', label: 'Invited by', cell: (r) => <PersonName name={r.grantedByName} email={r.grantedByEmail} /> },
    { key: 'since', label: 'Since', cell: (r) => formatDay(r.createdAt), cellProps: { whiteSpace: 'nowrap' } },
    { key: 'signIn', label: 'Last sign-in', cell: (r) => (r.lastSignInAt ? formatDayAndTime(r.lastSignInAt) : 'Not yet'), cellProps: { whiteSpace: 'nowrap' } },
    {
      key: 'actions',
      label: 'Actions',
      hideHeader: true,
      unlabelledWhenStacked: true,
      alignEnd: true,
      cell: (r) => (
        <Flex gap="2" wrap="wrap" justify={{ md: 'end' }}>
          <Button size="xs" variant="outline" onClick={() => setOpen({ kind: 'affiliation', stakeholder: r })} aria-label={`Edit affiliation for ${nameOf(r)}`}>
            Edit affiliation
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => revoking.ask(r)} aria-label={`Revoke access for ${nameOf(r)}`}>
            Revoke access
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <PageHeader
          eyebrow="Back office"
          title="Stakeholder data"
          intro="The people who follow the network’s figures on the stakeholder dashboard, and whom they represent."
          actions={<InviteDialog invite={invite} />}
        />
        <QueryView
          query={list}
          loading="Loading stakeholders…"
          errorTitle="The stakeholders could not be loaded"
          staleErrorTitle="The stakeholders could not be refreshed"
          isEmpty={(data) => data.stakeholders.length === 0}
          empty={
            <EmptyMessage title={filters.page > 1 ? 'No more stakeholders' : 'No stakeholders yet'}>
              {filters.page > 1 ? 'This page is past the end of the list.' : 'Invite the first one with “Invite stakeholder”.'}
            </EmptyMessage>
          }
        >
          {(data) => (
            <Stack gap="4">
              <DataTable caption="Stakeholders" columns={columns} rows={data.stakeholders} rowKey={(r) => r.userId} />
              <PageNav
                page={filters.page}
                pageCount={Math.max(1, Math.ceil(data.total / STAKEHOLDERS_PAGE_SIZE))}
                hrefFor={(page) => hrefFor({ page })}
                label="Pages of stakeholders"
              />
            </Stack>
          )}
        </QueryView>
      </Stack>
      {open?.kind === 'affiliation' ? <AffiliationDialog stakeholder={open.stakeholder} save={save} onClose={close} /> : null}
      <ConfirmDialog
        {...revoking.dialog}
        title={`Revoke ${revoking.subject ? nameOf(revoking.subject) : ''}’s access?`}
        description="They lose the stakeholder dashboard and analytics at once. Their account stays; you can invite them again."
        confirmLabel="Revoke access"
        busyLabel="Revoking…"
        destructive
        failureTitle="Access was not revoked"
      />
    </Container>
  );
}
