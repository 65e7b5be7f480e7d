import { Badge, Stack, Text, Wrap } from '@chakra-ui/react';

import { DataTable, type Column } from '../../components/data-table';
import type { AdminUser } from '../../data/admin/list-admin-users';
import { formatDay, formatDayAndTime } from '../../components/formats';

const APPLICATION: Record<string, string> = {
  pending: 'application pending',
  under_review: 'under review',
  approved: 'approved',
  rejected: 'rejected',
};

/** Every role a person holds, as badges: what the back office needs to see at a glance. */
function Roles({ user }: { user: AdminUser }) {
  const org = user.organization;
  const none = !user.isSystemAdmin && !org && !user.investorLevel && !user.isStakeholder;
  return (
    <Wrap gap="1.5">
      {user.isSystemAdmin ? <Badge colorPalette="brand">System admin</Badge> : null}
      {org ? (
        <Badge colorPalette={org.applicationStatus === 'approved' ? 'green' : 'orange'} whiteSpace="normal">
          {org.role === 'admin' ? 'Org admin' : 'Member'} · {org.name}
          {org.applicationStatus && org.applicationStatus !== 'approved' ? ` (${APPLICATION[org.applicationStatus]})` : ''}
        </Badge>
      ) : null}
      {user.investorLevel ? (
        <Badge colorPalette="purple">Investor · {user.investorLevel === 'data_room' ? 'data room' : 'lite'}</Badge>
      ) : null}
      {user.isStakeholder ? <Badge colorPalette="blue">Stakeholder</Badge> : null}
      {none ? (
        <Text as="span" color="fg.muted" textStyle="sm">
          No role yet
        </Text>
      ) : null}
    </Wrap>
  );
}

const COLUMNS: Column<AdminUser>[] = [
  {
    key: 'person',
    label: 'Person',
    unlabelledWhenStacked: true,
    cell: (user) => (
      <Stack gap="0">
        <Text fontWeight="medium">{user.fullName ?? user.email ?? 'Unknown'}</Text>
        {user.fullName && user.email ? (
          <Text textStyle="sm" color="fg.muted" wordBreak="break-all">
            {user.email}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { key: 'roles', label: 'Roles', cell: (user) => <Roles user={user} /> },
  { key: 'joined', label: 'Joined', cellProps: { whiteSpace: 'nowrap' }, cell: (user) => formatDay(user.createdAt) },
  {
    key: 'lastSignIn',
    label: 'Last sign-in',
    cellProps: { whiteSpace: 'nowrap' },
    cell: (user) => (user.lastSignInAt ? formatDayAndTime(user.lastSignInAt) : 'Never'),
  },
];

/** Everyone with an account. */
export function UsersTable({ users }: { users: AdminUser[] }) {
  return <DataTable caption="Users" columns={COLUMNS} rows={users} rowKey={(user) => user.id} />;
}
