import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';

import { DataTable, type Column } from '../../../components/data-table';
import { ConfirmDialog } from '../../../components/dialogs';
import { Pagination } from '../../../components/pagination';
import { PersonName } from '../../../components/person-name';
import { EmptyState, QueryView } from '../../../components/query-view';
import { StatusBadge } from '../../../components/status-badge';
import { useCommand } from '../../../components/use-command';
import type { AccordClient } from '../../../data/client';
import { isInvestorAccessKey } from '../../../data/investor-access/keys';
import { useInvestors, type InvestorLevel, type InvestorRow } from '../../../data/investor-access/list-investors';
import { revokeInvestorAccess } from '../../../data/investor-access/revoke-investor-access';
import { setInvestorExpiry } from '../../../data/investor-access/set-investor-expiry';
import { setInvestorLevel } from '../../../data/investor-access/set-investor-level';
import { formatDay, formatDayAndTime } from '../../../components/formats';
import { EXPIRY_STATUS, LEVEL_LABELS } from './access-status';
import { ExpiryDialog, investorName, LevelDialog } from './investor-dialogs';

export const INVESTORS_PAGE_SIZE = 20;

type Open = { kind: 'level' | 'expiry' | 'revoke'; investor: InvestorRow } | null;

/** Everyone with investor access: level, who granted it and when, expiry, last visit; changed from here. */
export function InvestorsPanel({ client, page, hrefForPage }: { client: AccordClient; page: number; hrefForPage: (page: number) => string }) {
  const headingId = useId();
  const [open, setOpen] = useState<Open>(null);
  const list = useInvestors({ page, pageSize: INVESTORS_PAGE_SIZE }, client);
  const { mutate } = useSWRConfig();
  const refresh = () => mutate(isInvestorAccessKey);

  const changeLevel = useCommand({
    run: ({ investor, level }: { investor: InvestorRow; level: InvestorLevel }) => setInvestorLevel(client, { userId: investor.userId, level }),
    success: (_, { investor, level }) => ({ title: 'Level changed', description: `${investorName(investor)} now has ${LEVEL_LABELS[level].toLowerCase()} access.` }),
  });
  const changeExpiry = useCommand({
    run: ({ investor, expiresAt }: { investor: InvestorRow; expiresAt: string | null }) => setInvestorExpiry(client, { userId: investor.userId, expiresAt }),
    success: (_, { investor, expiresAt }) => ({
      title: 'Expiry saved',
      description: expiresAt ? `${investorName(investor)}’s access ends on ${formatDay(expiresAt)}.` : `${investorName(investor)}’s access no longer expires.`,
    }),
  });
  const revoke = useCommand({
    run: (investor: InvestorRow) => revokeInvestorAccess(client, investor.userId),
    success: (_, investor) => ({ title: 'Access revoked', description: `${investorName(investor)} no longer has investor access.` }),
  });
  const close = () => {
    changeLevel.reset();
    changeExpiry.reset();
    revoke.reset();
    setOpen(null);
    void refresh();
  };

  const columns: Column<InvestorRow>[] = [
    {
      key: 'name',
      label: 'Investor',
      unlabelledWhenStacked: true,
      cell: (r) => <PersonName name={r.fullName} email={r.email} emphasis />,
    },
    { key: 'level', label: 'Level', cell: (r) => LEVEL_LABELS[r.level] },
    { key: 'grantedBy', label: 'Granted by', cell: (r) => <PersonName name={r.grantedByName} email={r.grantedByEmail} /> },
    { key: 'grantedAt', label: 'Granted', cell: (r) => formatDay(r.grantedAt), cellProps: { whiteSpace: 'nowrap' } },
    {
      key: 'expiry',
      label: 'Expiry',
      cell: (r) =>
        r.expiresAt ? (
          <Flex gap="2" align="center" wrap="wrap">
            <Text as="span" whiteSpace="nowrap">
              {formatDay(r.expiresAt)}
            </Text>
            {r.expired ? <StatusBadge status="expired" map={EXPIRY_STATUS} /> : null}
          </Flex>
        ) : (
          'No expiry'
        ),
    },
    { key: 'lastSeen', label: 'Last visit', cell: (r) => (r.lastSeenAt ? formatDayAndTime(r.lastSeenAt) : 'Not yet'), cellProps: { whiteSpace: 'nowrap' } },
    {
      key: 'actions',
      label: 'Actions',
      hideHeader: true,
      unlabelledWhenStacked: true,
      alignEnd: true,
      cell: (r) => (
        <Flex gap="2" wrap="wrap" justify={{ md: 'end' }}>
          <Button size="xs" variant="outline" onClick={() => setOpen({ kind: 'level', investor: r })} aria-label={`Change level for ${investorName(r)}`}>
            Change level
          </Button>
          <Button size="xs" variant="outline" onClick={() => setOpen({ kind: 'expiry', investor: r })} aria-label={`${r.expired ? 'Extend' : 'Change expiry'} for ${investorName(r)}`}>
            {r.expired ? 'Extend' : 'Change expiry'}
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setOpen({ kind: 'revoke', investor: r })} aria-label={`Revoke access for ${investorName(r)}`}>
            Revoke access
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Heading as="h2" size="lg" id={headingId}>
        Investors
      </Heading>
      <QueryView
        query={list}
        loading="Loading investors…"
        errorTitle="The investors could not be loaded"
        staleErrorTitle="The investors could not be refreshed"
        isEmpty={(data) => data.investors.length === 0}
        empty={
          <EmptyState title={page > 1 ? 'No more investors' : 'No investors yet'}>
            {page > 1 ? 'This page is past the end of the list.' : 'Grant a request above and the investor appears here.'}
          </EmptyState>
        }
      >
        {(data) => (
          <Stack gap="4">
            <DataTable caption="Investors with access" columns={columns} rows={data.investors} rowKey={(r) => r.userId} />
            <Pagination page={page} pageCount={Math.max(1, Math.ceil(data.total / INVESTORS_PAGE_SIZE))} hrefFor={hrefForPage} label="Pages of investors" />
          </Stack>
        )}
      </QueryView>
      {open?.kind === 'level' ? <LevelDialog investor={open.investor} change={changeLevel} onClose={close} /> : null}
      {open?.kind === 'expiry' ? <ExpiryDialog investor={open.investor} change={changeExpiry} onClose={close} /> : null}
      <ConfirmDialog
        open={open?.kind === 'revoke'}
        title={`Revoke ${open ? investorName(open.investor) : ''}’s access?`}
        description="They lose the investor dashboard and the data room at once. Their account stays; you can grant access again from a new request."
        confirmLabel="Revoke access"
        busyLabel="Revoking…"
        destructive
        busy={revoke.busy}
        failure={revoke.error}
        failureTitle="Access was not revoked"
        onConfirm={() => {
          if (open?.kind !== 'revoke') return;
          void revoke.run(open.investor).then((result) => {
            if (result.ok) close();
          });
        }}
        onClose={close}
      />
    </Stack>
  );
}
