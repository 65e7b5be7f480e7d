import { Button, Flex, Stack, Text } from '@chakra-ui/react';

import { DataTable, type Column } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialogs';
import { formatDayAndTime } from '../../components/formats';
import { QueryView } from '../../components/query-view';
import { StatusBadge, type StatusMap } from '../../components/status-badge';
import { useCommand } from '../../components/use-command';
import { useConfirm } from '../../components/use-confirm';
import { accountKeys } from '../../data/account/keys';
import { useMySessions, type AccountSession } from '../../data/account/list-my-sessions';
import { signOutOtherSessions } from '../../data/account/sign-out-other-sessions';
import { supabase, type AccordClient } from '../../data/client';
import { describeDevice } from './account-formats';

const SESSION_KIND: StatusMap<'current'> = { current: { label: 'This session', palette: 'green' } };

const COLUMNS: Column<AccountSession>[] = [
  {
    key: 'device',
    label: 'Device',
    unlabelledWhenStacked: true,
    cell: (session) => (
      <Flex gap="2" align="center" wrap="wrap">
        <Text as="span" fontWeight="medium" title={session.userAgent ?? undefined}>
          {describeDevice(session.userAgent)}
        </Text>
        {session.isCurrent ? <StatusBadge status="current" map={SESSION_KIND} /> : null}
      </Flex>
    ),
  },
  { key: 'ip', label: 'IP address', cell: (session) => session.ip ?? 'Unknown', cellProps: { wordBreak: 'break-all' } },
  { key: 'signed-in', label: 'Signed in', cell: (session) => formatDayAndTime(session.signedInAt) },
  { key: 'last-active', label: 'Last active', cell: (session) => formatDayAndTime(session.lastActiveAt) },
];

/** Where the account is signed in, and a way to end every session but this one. */
export function SessionsSection({ client = supabase }: { client?: AccordClient }) {
  const sessions = useMySessions(client);
  const signOut = useCommand({
    run: () => signOutOtherSessions(client),
    refresh: [accountKeys.sessions],
    success: () => ({ title: 'Signed out elsewhere', description: 'Every other session has been signed out. This one stays signed in.' }),
  });
  const confirming = useConfirm(signOut);
  const others = sessions.data?.filter((session) => !session.isCurrent).length ?? 0;

  return (
    <Stack gap="4">
      <QueryView query={sessions} loading="Loading your sessions…" errorTitle="Your sessions could not be loaded">
        {(rows) => <DataTable caption="Your sessions" columns={COLUMNS} rows={rows} rowKey={(session) => session.id} />}
      </QueryView>
      {sessions.data ? (
        <Stack gap="2" align="start">
          <Button variant="outline" colorPalette="red" disabled={others === 0} onClick={() => confirming.ask()}>
            Sign out of all other sessions
          </Button>
          {others === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              You are not signed in anywhere else.
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <ConfirmDialog
        {...confirming.dialog}
        title="Sign out of all other sessions?"
        description={`${others === 1 ? 'The other session' : `The ${others} other sessions`} will be signed out at once and will need to sign in again. This session stays signed in.`}
        confirmLabel="Sign out other sessions"
        busyLabel="Signing out…"
        cancelLabel="Keep them"
        destructive
        failureTitle="The other sessions were not signed out"
      />
    </Stack>
  );
}
