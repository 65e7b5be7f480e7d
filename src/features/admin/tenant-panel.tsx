import { Button, chakra, Flex, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { countryName } from '../../components/countries';
import { DataTable } from '../../components/data-table';
import { ConfirmDialog, FormDialog } from '../../components/dialogs';
import { TextAreaField } from '../../components/form-fields';
import { formatDay, formatDayAndTime } from '../../components/formats';
import { factLabel, factValue, sectorLabel } from '../../components/organization-labels';
import { SectionHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import { useCommand } from '../../components/use-command';
import { useConfirm } from '../../components/use-confirm';
import { changeRegistryStatus, type RegistryStatusChoice } from '../../data/admin/change-registry-status';
import { approveChangeRequest, declineChangeRequest } from '../../data/admin/decide-change-request';
import { useTenant, type TenantDetail } from '../../data/admin/get-tenant';
import { adminKeys } from '../../data/admin/keys';
import type { AccordClient } from '../../data/client';
import { TENANT_STATUS } from './tenant-status';

const MAX_REASON = 2000;

type ChangeRequest = TenantDetail['change_requests'][number];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0" direction={{ base: 'column', sm: 'row' }} columnGap="4">
      <Text minW="11rem" color="fg.muted" textStyle="sm">
        {label}
      </Text>
      <Text wordBreak="break-word">{children === null || children === undefined || children === '' ? '—' : children}</Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h3" id={id} textStyle="md" fontWeight="semibold">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

const ACTIONS: Record<RegistryStatusChoice, { verb: string; title: string; intro: string; busy: string; done: string }> = {
  suspended: {
    verb: 'Suspend',
    title: 'Suspend this organisation',
    intro: 'The registry shows it suspended from the date you choose; its verifications are not to be relied on until it is reinstated.',
    busy: 'Suspending…',
    done: 'Organisation suspended',
  },
  revoked: {
    verb: 'Revoke',
    title: 'Revoke this organisation',
    intro: 'It stops being a member of the network from the date you choose. This cannot be undone: a revoked organisation has to apply again.',
    busy: 'Revoking…',
    done: 'Organisation revoked',
  },
  active: {
    verb: 'Reinstate',
    title: 'Reinstate this organisation',
    intro: 'The registry shows it active again from the date you choose.',
    busy: 'Reinstating…',
    done: 'Organisation reinstated',
  },
};

/** "changes_requested" → "Changes requested". */
function humanise(code: string): string {
  const words = code.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The registry status change (suspend, revoke, reinstate) of one organisation.
 * /admin/billing's overdue list opens it too, with the reason prefilled
 * (`initialReason`); the administrator still decides.
 */
export function StatusDialog({
  client,
  detail,
  status,
  onClose,
  initialReason = '',
}: {
  client: AccordClient;
  detail: { organization: { id: string; name: string } };
  status: RegistryStatusChoice | null;
  onClose: () => void;
  initialReason?: string;
}) {
  const [reason, setReason] = useState(initialReason);
  const [effective, setEffective] = useState(today);
  const [problems, setProblems] = useState<{ reason?: string; effective?: string }>({});
  const dateId = useId();
  const id = detail.organization.id;
  const command = useCommand({
    run: (change: { status: RegistryStatusChoice; reason: string; effectiveFrom: string }) => changeRegistryStatus(client, { organizationId: id, ...change }),
    refresh: [adminKeys.tenant(id), adminKeys.tenantsAll, adminKeys.activityAll],
    success: (_, change) => ({ title: ACTIONS[change.status].done, description: `${detail.organization.name}: the registry shows it from ${formatDay(change.effectiveFrom)}.` }),
  });
  const action = status ? ACTIONS[status] : null;
  const close = () => {
    command.reset();
    setReason(initialReason);
    setEffective(today());
    setProblems({});
    onClose();
  };
  return (
    <FormDialog
      open={status !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={action?.title ?? ''}
      description={action?.intro}
      submitLabel={action?.verb ?? ''}
      busyLabel={action?.busy ?? ''}
      busy={command.busy}
      failure={command.error}
      failureTitle="The status was not changed"
      onSubmit={() => {
        const trimmed = reason.trim();
        const found = {
          ...(trimmed === '' ? { reason: 'Give the reason: it is kept in the registry history and the activity log.' } : {}),
          ...([...trimmed].length > MAX_REASON ? { reason: 'Keep the reason to 2,000 characters.' } : {}),
          ...(/^\d{4}-\d{2}-\d{2}$/.test(effective) ? {} : { effective: 'Choose the date it takes effect.' }),
        };
        setProblems(found);
        if (Object.keys(found).length > 0 || !status) return;
        void command.run({ status, reason: trimmed, effectiveFrom: effective }).then((result) => (result.ok ? close() : undefined));
      }}
    >
      <TextAreaField label="Reason" name="reason" required value={reason} onChange={setReason} maxChars={MAX_REASON} error={problems.reason} rows={4} />
      <Stack gap="1.5">
        <chakra.label htmlFor={dateId} fontWeight="medium" textStyle="sm">
          Effective from
        </chakra.label>
        <Input
          id={dateId}
          type="date"
          value={effective}
          max={today()}
          aria-invalid={problems.effective ? true : undefined}
          onChange={(event) => setEffective(event.target.value)}
        />
        <Text textStyle="xs" color={problems.effective ? 'fg.error' : 'fg.muted'}>
          {problems.effective ?? 'The registry answers for earlier dates as it stood then.'}
        </Text>
      </Stack>
    </FormDialog>
  );
}

function ChangeRequests({ client, detail }: { client: AccordClient; detail: TenantDetail }) {
  const id = detail.organization.id;
  const [declining, setDeclining] = useState<ChangeRequest | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const refresh = [adminKeys.tenant(id), adminKeys.tenantsAll, adminKeys.activityAll];
  const approve = useCommand({
    run: (request: ChangeRequest) => approveChangeRequest(client, request.id),
    refresh,
    success: () => ({ title: 'Change approved', description: `${detail.organization.name}'s registry entry now shows the new facts.` }),
  });
  const approving = useConfirm(approve);
  const decline = useCommand({
    run: (args: { request: ChangeRequest; reason: string }) => declineChangeRequest(client, args.request.id, args.reason),
    refresh,
    success: () => ({ title: 'Change declined', description: 'The organisation sees your reason; the registry keeps the approved facts.' }),
  });
  const pending = detail.change_requests.filter((request) => request.status === 'pending');
  const closeDecline = () => {
    decline.reset();
    setDeclining(null);
    setReason('');
    setProblem(undefined);
  };

  return (
    <Section title="Pending change requests">
      {pending.length === 0 ? (
        <Text color="fg.muted">No registered-facts change is waiting.</Text>
      ) : (
        pending.map((request) => {
          const proposed = (request.proposed_values ?? {}) as Record<string, unknown>;
          const previous = (request.previous_values ?? {}) as Record<string, unknown>;
          return (
            <Stack key={request.id} gap="2" borderWidth="1px" borderRadius="md" p="4">
              <Text textStyle="sm" color="fg.muted">
                Asked by {request.requested_by_email ?? 'a member'} on {formatDayAndTime(String(request.created_at ?? ''))}
              </Text>
              {Object.keys(proposed).map((field) => (
                <Text key={field} wordBreak="break-word">
                  <chakra.span fontWeight="medium">{factLabel(field)}:</chakra.span> {factValue(field, previous[field])} → {factValue(field, proposed[field])}
                </Text>
              ))}
              <Text>
                <chakra.span fontWeight="medium">Their reason:</chakra.span> {request.reason}
              </Text>
              <Flex gap="2" wrap="wrap">
                <Button size="sm" onClick={() => approving.ask(request)}>
                  Approve change
                </Button>
                <Button size="sm" variant="outline" onClick={() => setDeclining(request)}>
                  Decline change
                </Button>
              </Flex>
            </Stack>
          );
        })
      )}
      <ConfirmDialog
        {...approving.dialog}
        title="Approve this change?"
        description="The registry, the public profile and the open API show the new facts at once."
        confirmLabel="Approve change"
        busyLabel="Approving…"
        cancelLabel="Not now"
        failureTitle="The change was not approved"
      />
      <FormDialog
        open={declining !== null}
        onOpenChange={(open) => (open ? undefined : closeDecline())}
        title="Decline this change"
        description="The organisation keeps its approved facts and sees your reason."
        submitLabel="Decline change"
        busyLabel="Declining…"
        busy={decline.busy}
        failure={decline.error}
        failureTitle="The change was not declined"
        onSubmit={() => {
          const trimmed = reason.trim();
          const found = trimmed === '' ? 'Say why: the organisation sees the reason.' : [...trimmed].length > MAX_REASON ? 'Keep the reason to 2,000 characters.' : undefined;
          setProblem(found);
          if (found || !declining) return;
          void decline.run({ request: declining, reason: trimmed }).then((result) => (result.ok ? closeDecline() : undefined));
        }}
      >
        <TextAreaField label="Reason" name="decline-reason" required value={reason} onChange={setReason} maxChars={MAX_REASON} error={problem} rows={4} />
      </FormDialog>
    </Section>
  );
}

function Detail({ client, detail }: { client: AccordClient; detail: TenantDetail }) {
  const [changing, setChanging] = useState<RegistryStatusChoice | null>(null);
  const org = detail.organization as TenantDetail['organization'] & Record<string, string | null>;
  const registryStatus = detail.registry?.status;
  const choices: RegistryStatusChoice[] =
    registryStatus === 'active' ? ['suspended', 'revoked'] : registryStatus === 'suspended' ? ['active', 'revoked'] : [];
  return (
    <Stack gap="8">
      <Stack gap="3">
        <Flex gap="3" align="center" wrap="wrap">
          <Heading as="h2" textStyle="xl">
            {org.name}
          </Heading>
          <StatusBadge status={detail.status} map={TENANT_STATUS} />
        </Flex>
        {detail.registry ? (
          <Text color="fg.muted">
            In the registry as {TENANT_STATUS[detail.status].label.toLowerCase()} since {formatDay(detail.registry.effective_from)}.{' '}
            <Link asChild variant="underline" color="brand.fg">
              <RouterLink to={`/trust-registry/${org.id}`}>Public profile</RouterLink>
            </Link>
          </Text>
        ) : null}
        {choices.length > 0 ? (
          <Flex gap="2" wrap="wrap">
            {choices.map((choice) => (
              <Button key={choice} size="sm" variant={choice === 'revoked' ? 'outline' : 'solid'} colorPalette={choice === 'revoked' ? 'red' : undefined} onClick={() => setChanging(choice)}>
                {ACTIONS[choice].verb}
              </Button>
            ))}
          </Flex>
        ) : null}
      </Stack>
      <Section title="Profile">
        <Stack gap="2">
          <Fact label="Legal name">{org.legal_name}</Fact>
          <Fact label="Registration number">{org.registration_number}</Fact>
          <Fact label="Country">{org.country ? countryName(org.country) : null}</Fact>
          <Fact label="Sector">{sectorLabel(org.sector)}</Fact>
          <Fact label="Website">{org.website}</Fact>
          <Fact label="Contact">{[org.contact_name, org.contact_phone].filter(Boolean).join(' · ')}</Fact>
          {org.contact_email ? <Fact label="Public contact e-mail">{org.contact_email}</Fact> : null}
          <Fact label="Size">{org.size}</Fact>
          <Fact label="Member since">{formatDay(org.created_at ?? null)}</Fact>
        </Stack>
      </Section>
      <ChangeRequests client={client} detail={detail} />
      <Section title="Members">
        {detail.members.length === 0 ? (
          <Text color="fg.muted">No members.</Text>
        ) : (
          <DataTable
            caption="Members"
            rows={detail.members}
            rowKey={(member) => member.user_id}
            columns={[
              {
                key: 'name',
                label: 'Name',
                unlabelledWhenStacked: true,
                // Someone who has given no name is shown by their address, which may not break anywhere.
                cellProps: { overflowWrap: 'anywhere' },
                cell: (member) => member.full_name ?? member.email ?? '—',
              },
              { key: 'email', label: 'E-mail', cell: (member) => member.email ?? '—', cellProps: { wordBreak: 'break-all' } },
              { key: 'role', label: 'Role', cell: (member) => (member.role === 'admin' ? 'Admin' : 'Member') },
              { key: 'joined', label: 'Joined', cell: (member) => formatDay(member.joined_at) },
            ]}
          />
        )}
      </Section>
      <Section title="Pending invitations">
        {detail.pending_invitations.length === 0 ? (
          <Text color="fg.muted">No open invitations.</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none">
            {detail.pending_invitations.map((invitation, index) => (
              <Text as="li" key={String(invitation.id ?? index)} wordBreak="break-all">
                {String(invitation.email ?? '')} ({invitation.role === 'admin' ? 'admin' : 'member'}), expires {formatDay(String(invitation.expires_at ?? ''))}
              </Text>
            ))}
          </Stack>
        )}
      </Section>
      <Section title="Registry status history">
        {detail.registry_history.length === 0 ? (
          <Text color="fg.muted">Not in the registry.</Text>
        ) : (
          <Stack as="ol" gap="2" listStyleType="none">
            {detail.registry_history.map((change) => (
              <Text as="li" key={change.id}>
                <chakra.span fontWeight="medium">{TENANT_STATUS[change.status as keyof typeof TENANT_STATUS]?.label ?? change.status}</chakra.span> from{' '}
                {formatDay(change.effective_from)}
                {change.reason ? ` — ${change.reason}` : ''}
                <chakra.span color="fg.muted" textStyle="sm">
                  {' '}
                  (by {change.recorded_by_email ?? 'the system'}, {formatDayAndTime(change.recorded_at)})
                </chakra.span>
              </Text>
            ))}
          </Stack>
        )}
      </Section>
      <Section title="Application history">
        {detail.application_history.length === 0 ? (
          <Text color="fg.muted">No application.</Text>
        ) : (
          <Stack as="ol" gap="2" listStyleType="none">
            {detail.application_history.map((event) => (
              <Text as="li" key={event.id}>
                <chakra.span fontWeight="medium">{humanise(event.type)}</chakra.span>
                {event.message ? ` — ${event.message}` : ''}
                <chakra.span color="fg.muted" textStyle="sm">
                  {' '}
                  ({event.actor_name ?? event.actor_email ?? 'the system'}, {formatDayAndTime(event.created_at)})
                </chakra.span>
              </Text>
            ))}
          </Stack>
        )}
      </Section>
      <StatusDialog client={client} detail={detail} status={changing} onClose={() => setChanging(null)} />
    </Stack>
  );
}

/** One organisation, opened from the list (?org=<id>): its profile, people, history and the actions on it. */
export function TenantPanel({ client, organizationId, backHref }: { client: AccordClient; organizationId: string; backHref: string }) {
  const tenant = useTenant(organizationId, client);
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="6">
      <SectionHeader
        id={headingId}
        title="Organisation"
        actions={
          <Button asChild variant="outline" size="sm">
            <RouterLink to={backHref}>Back to all organisations</RouterLink>
          </Button>
        }
      />
      <QueryView
        query={tenant}
        loading="Loading the organisation…"
        errorTitle="The organisation could not be loaded"
        empty={<EmptyMessage title="Not found">This organisation does not exist.</EmptyMessage>}
      >
        {(detail) => <Detail client={client} detail={detail} />}
      </QueryView>
    </Stack>
  );
}
