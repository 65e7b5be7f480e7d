import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';

import { DataTable, type Column } from '../../../components/data-table';
import { ConfirmDialog } from '../../../components/dialogs';
import { PageNav } from '../../../components/page-nav';
import { PersonName } from '../../../components/person-name';
import { EmptyMessage, QueryView } from '../../../components/query-view';
import { StatusBadge } from '../../../components/status-badge';
import { useCommand } from '../../../components/use-command';
import { useConfirm } from '../../../components/use-confirm';
import type { AccordClient } from '../../../data/client';
import { useInvestors, type InvestorLevel, type InvestorRow } from '../../../data/investor-access/list-investors';
import { revokeInvestorAccess, revokeInvestorAccessChanges } from '../../../data/investor-access/revoke-investor-access';
import { setInvestorExpiry, setInvestorExpiryChanges } from '../../../data/investor-access/set-investor-expiry';
import { setInvestorLevel, setInvestorLevelChanges } from '../../../data/investor-access/set-investor-level';
import { formatDay, formatDayAndTime } from '../../../components/formats';
import { EXPIRY_STATUS, LEVEL_LABELS } from './access-status';
import { ExpiryDialog, investorName, LevelDialog } from './investor-dialogs';

export const INVESTORS_PAGE_SIZE = 20;

type Open = { kind: 'level' | 'expiry'; investor: InvestorRow } | null;

/** Everyone with investor access: level, who granted it and when, expiry, last visit; changed from here. */
export function InvestorsPanel({ client, page, hrefForPage }: { client: AccordClient; page: number; hrefForPage: (page: number) => string }) {
  const headingId = useId();
  const [open, setOpen] = useState<Open>(null);
  const list = useInvestors({ page, pageSize: INVESTORS_PAGE_SIZE }, client);

  const changeLevel = useCommand({
    run: ({ investor, level }: { investor: InvestorRow; level: InvestorLevel }) => setInvestorLevel(client, { userId: investor.userId, level }),
    refresh: setInvestorLevelChanges,
    success: (_, { investor, level }) => ({ title: 'Level changed', description: `${investorName(investor)} now has ${LEVEL_LABELS[level].toLowerCase()} access.` }),
  });
  const changeExpiry = useCommand({
    run: ({ investor, expiresAt }: { investor: InvestorRow; expiresAt: string | null }) => setInvestorExpiry(client, { userId: investor.userId, expiresAt }),
    refresh: setInvestorExpiryChanges,
    success: (_, { investor, expiresAt }) => ({
      title: 'Expiry saved',
      description: expiresAt ? `${investorName(investor)}’s access ends on ${formatDay(expiresAt)}.` : `${investorName(investor)}’s access no longer expires.`,
    }),
  });
  const revoke = useCommand({
    run: (investor: InvestorRow) => revokeInvestorAccess(client, investor.userId),
    refresh: revokeInvestorAccessChanges,
    success: (_, investor) => ({ title: 'Access revoked', description: `${investorName(investor)} no longer has investor access.` }),
  });
  const revoking = useConfirm(revoke);
  const close = () => {
    changeLevel.reset();
    changeExpiry.reset();
    setOpen(null);
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
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => revoking.ask(r)} aria-label={`Revoke access for ${investorName(r)}`}>
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
          <EmptyMessage title={page > 1 ? 'No more investors' : 'No investors yet'}>
            {page > 1 ? 'This page is past the end of the list.' : 'Grant a request above and the investor appears here.'}
          </EmptyMessage>
        }
      >
        {(data) => (
          <Stack gap="4">
            <DataTable caption="Investors with access" columns={columns} rows={data.investors} rowKey={(r) => r.userId} />
            <PageNav page={page} pageCount={Math.max(1, Math.ceil(data.total / INVESTORS_PAGE_SIZE))} hrefFor={hrefForPage} label="Pages of investors" />
          </Stack>
        )}
      </QueryView>
      {open?.kind === 'level' ? <LevelDialog investor={open.investor} change={changeLevel} onClose={close} /> : null}
      {open?.kind === 'expiry' ? <ExpiryDialog investor={open.investor} change={changeExpiry} onClose={close} /> : null}
      <ConfirmDialog
        {...revoking.dialog}
        title={`Revoke ${revoking.subject ? investorName(revoking.subject) : ''}’s access?`}
        description="They lose the investor dashboard and the data room at once. Their account stays; you can grant access again from a new request."
        confirmLabel="Revoke access"
        busyLabel="Revoking…"
        destructive
        failureTitle="Access was not revoked"
      />
    </Stack>
  );
}
