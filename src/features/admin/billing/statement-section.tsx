import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { CheckboxInput } from '../../../components/form-controls';
import { useId, useState } from 'react';

import { DataTable } from '../../../components/data-table';
import { formatCalendarDay, formatCount, formatMoney } from '../../../components/formats';
import { QueryView } from '../../../components/query-view';
import { useCommand } from '../../../components/use-command';
import { confirmStatementMatches, confirmStatementMatchesChanges } from '../../../data/billing/confirm-statement-matches';
import { useStatement, type MatchReason, type StatementLineView } from '../../../data/billing/get-statement-lines';
import { importBankStatement, importBankStatementChanges } from '../../../data/billing/import-bank-statement';
import type { AccordClient } from '../../../data/client';
import { BillingSection } from './section';

const WHY: Record<MatchReason, string> = {
  rf_reference: 'Its payment reference',
  amount_and_name: 'Same amount and a similar name',
  manual: 'Matched by hand',
};

function Lines({ client, statementId, lines }: { client: AccordClient; statementId: string; lines: StatementLineView[] }) {
  const open = lines.filter((line) => line.matchedInvoiceId && !line.paymentId);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(open.map((line) => line.lineNo)));
  const confirm = useCommand({
    run: (lineNos: number[]) => confirmStatementMatches(client, statementId, lineNos),
    refresh: confirmStatementMatchesChanges,
    success: (result) => ({
      title: `${formatCount(result.recorded)} ${result.recorded === 1 ? 'payment' : 'payments'} recorded`,
      description: result.alreadyRecorded > 0 ? `${formatCount(result.alreadyRecorded)} already recorded before.` : 'The invoices show them as paid.',
    }),
  });
  const unmatched = lines.filter((line) => !line.matchedInvoiceId).length;
  const picked = open.filter((line) => chosen.has(line.lineNo)).map((line) => line.lineNo);
  return (
    <Stack gap="4">
      <Text role="status">
        {formatCount(lines.length)} credits: {formatCount(lines.length - unmatched)} matched, {formatCount(unmatched)} unmatched.
      </Text>
      <DataTable
        caption="Credits on the statement and their proposed invoices"
        rows={lines}
        rowKey={(line) => line.lineNo}
        columns={[
          {
            key: 'pick',
            label: 'Confirm',
            cell: (line) =>
              line.paymentId ? (
                <Text color="fg.muted">Recorded</Text>
              ) : line.matchedInvoiceId ? (
                <CheckboxInput
                  type="checkbox"
                  aria-label={`Confirm line ${line.lineNo}: ${line.matchedInvoiceNumber ?? ''}`}
                  checked={chosen.has(line.lineNo)}
                  onChange={(event) => {
                    const checked = event.target.checked;
                    setChosen((current) => {
                      const next = new Set(current);
                      if (checked) next.add(line.lineNo);
                      else next.delete(line.lineNo);
                      return next;
                    });
                  }}
                />
              ) : (
                <Text color="fg.muted">Unmatched</Text>
              ),
          },
          { key: 'date', label: 'Booked', cell: (line) => formatCalendarDay(line.bookedOn) },
          { key: 'amount', label: 'Amount', alignEnd: true, cell: (line) => formatMoney(line.amountMinor, line.currency) },
          { key: 'from', label: 'From', cell: (line) => line.counterpartyName ?? '—' },
          { key: 'text', label: 'Reference', cell: (line) => line.remittance ?? '—', cellProps: { wordBreak: 'break-all' } },
          { key: 'invoice', label: 'Invoice', cell: (line) => (line.matchedInvoiceNumber ? `${line.matchedInvoiceNumber} (${line.matchedOrganizationName ?? ''})` : '—') },
          { key: 'why', label: 'Why', cell: (line) => (line.matchReason ? WHY[line.matchReason] : '—') },
        ]}
      />
      {confirm.error ? (
        <Text role="alert" color="fg.error">
          The payments were not recorded. {confirm.error}
        </Text>
      ) : null}
      <div>
        <Button disabled={picked.length === 0} loading={confirm.busy} loadingText="Recording…" onClick={() => void confirm.run(picked)}>
          {`Record ${formatCount(picked.length)} ${picked.length === 1 ? 'payment' : 'payments'}`}
        </Button>
      </div>
    </Stack>
  );
}

/**
 * A bank statement (camt.053 XML or CSV) read in the browser by the parser,
 * which is loaded only when a file is chosen; the database proposes each
 * credit's invoice and records the confirmed ones in one step.
 */
export function StatementSection({ client }: { client: AccordClient }) {
  const inputId = useId();
  const [statementId, setStatementId] = useState<string | null>(null);
  const upload = useCommand({
    run: async (file: File) => {
      const { readStatementFile } = await import('../../../data/billing/statement-file');
      return importBankStatement(client, await readStatementFile(file));
    },
    refresh: importBankStatementChanges,
    success: (result) => ({
      title: result.alreadyImported ? 'Statement already imported' : 'Statement imported',
      description: result.alreadyImported ? 'Showing the matches from the first upload.' : 'Check the proposed matches and record the payments.',
    }),
  });
  const statement = useStatement(statementId, client);
  return (
    <BillingSection title="Bank statement" intro="Upload a camt.053 XML or CSV statement: each credit is matched to an invoice by its payment reference, or by amount and name.">
      <Stack gap="1.5" maxW="md">
        <label htmlFor={inputId}>
          <Text as="span" fontWeight="medium" textStyle="sm">
            Statement file
          </Text>
        </label>
        <Input
          id={inputId}
          type="file"
          accept=".xml,.csv,.txt,text/xml,text/csv"
          p="1.5"
          disabled={upload.busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload.run(file).then((result) => result.ok && setStatementId(result.value.statementId));
          }}
        />
      </Stack>
      {upload.busy ? <Text role="status">Reading the statement…</Text> : null}
      {upload.error ? (
        <Text role="alert" color="fg.error">
          The statement was not imported. {upload.error}
        </Text>
      ) : null}
      {statementId ? (
        <QueryView query={statement} loading="Loading the matches…" errorTitle="The matches could not be loaded">
          {(data) => <Lines key={data.id} client={client} statementId={data.id} lines={data.lines} />}
        </QueryView>
      ) : null}
    </BillingSection>
  );
}
