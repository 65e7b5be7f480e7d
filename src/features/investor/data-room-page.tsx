import { Alert, Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

import { formatLongDate } from '../../components/formats';
import { InvestorAreaLinks } from '../../components/area-links';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage, ErrorState, LoadingState, QueryView } from '../../components/query-view';
import { supabase, type AccordClient } from '../../data/client';
import { useInvestorDocuments } from '../../data/data-room/list-investor-documents';
import { InvestorFolderList } from './investor-document-list';
import { useNdaGate, type NdaGate } from './use-nda-gate';
import { useRecordInvestorVisit } from './use-record-investor-visit';

/** The agreement's text, its version, and "I agree": nothing of the data room shows before it. */
function AgreementStep({ gate }: { gate: NdaGate }) {
  const nda = gate.nda!;
  const heading = useRef<HTMLHeadingElement>(null);
  // A returning investor sent back here (a new version) hears why.
  useEffect(() => {
    if (gate.changed) heading.current?.focus();
  }, [gate.changed]);
  const changedSince = gate.changed || nda.previouslyAgreedVersion !== null;
  return (
    <Stack as="section" aria-labelledby="nda-heading" gap="4" p={{ base: '4', md: '6' }} borderWidth="1px" borderRadius="lg" bg="bg">
      <Stack gap="1">
        <Heading as="h2" size="xl" id="nda-heading" ref={heading} tabIndex={-1}>
          Non-disclosure agreement
        </Heading>
        <Text color="fg.muted">
          Version {nda.version}, published {formatLongDate(new Date(nda.publishedAt))}. Read it and agree to it before you open the data room.
        </Text>
      </Stack>
      {changedSince ? (
        <Alert.Root status="info" borderRadius="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The agreement has changed</Alert.Title>
            <Alert.Description>
              {nda.previouslyAgreedVersion !== null
                ? `You agreed to version ${nda.previouslyAgreedVersion}. Read version ${nda.version} and agree to it to continue.`
                : `A new version was published while you were reading. Read version ${nda.version} and agree to it to continue.`}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Box
        role="region"
        aria-label={`Non-disclosure agreement, version ${nda.version}`}
        tabIndex={0}
        maxH="28rem"
        overflowY="auto"
        p="4"
        borderWidth="1px"
        borderRadius="md"
        bg="bg.subtle"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
      >
        {nda.body}
      </Box>
      {gate.step === 'agreeFailed' && gate.error ? (
        <Alert.Root status="error" role="alert" borderRadius="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your agreement was not recorded</Alert.Title>
            <Alert.Description>{gate.error}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Box>
        <Button colorPalette="brand" onClick={gate.agree} loading={gate.step === 'agreeing'} loadingText="Recording your agreement…">
          I agree to version {nda.version}
        </Button>
      </Box>
    </Stack>
  );
}

function DataRoomDocuments({ client, gate, justAgreed }: { client: AccordClient; gate: NdaGate; justAgreed: boolean }) {
  const documents = useInvestorDocuments(client);
  const nda = gate.nda!;
  const confirmation = useRef<HTMLParagraphElement>(null);
  // The "I agree" button is gone: keyboard and screen-reader users land on what happened.
  useEffect(() => {
    if (justAgreed) confirmation.current?.focus();
  }, [justAgreed]);
  return (
    <Stack gap="6">
      <Text ref={confirmation} tabIndex={-1} textStyle="sm" color="fg.muted">
        You agreed to version {nda.version} of the non-disclosure agreement on {formatLongDate(new Date(nda.agreedAt!))}. Every document
        you open is recorded, and PDFs carry your e-mail address and the time on every page.
      </Text>
      <QueryView
        query={documents}
        loading="Loading documents…"
        errorTitle="The documents could not be loaded"
        staleErrorTitle="The documents could not be refreshed"
        isEmpty={(folders) => folders.length === 0}
        empty={<EmptyMessage title="No documents yet">The Accord team adds documents here. Check back soon.</EmptyMessage>}
      >
        {(folders) => <InvestorFolderList client={client} folders={folders} onNdaRequired={gate.ndaRequired} />}
      </QueryView>
    </Stack>
  );
}

/** /investor/data-room: the NDA first, then folders and documents (decision 061). */
export default function DataRoomPage({ client = supabase }: { client?: AccordClient } = {}) {
  useRecordInvestorVisit(client);
  const gate = useNdaGate();
  // Whether this visit went through "I agree" (focus moves to the confirmation then, not on a plain visit).
  const [agreedHere, setAgreedHere] = useState(false);
  useEffect(() => {
    if (gate.step === 'agreeing') setAgreedHere(true);
  }, [gate.step]);
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <InvestorAreaLinks />
        <PageHeader
          eyebrow="Investors"
          title="Data room"
          intro="Financial statements, legal documents and due-diligence files for investors with data-room access."
        />
        {gate.step === 'loading' ? <LoadingState label="Loading the data room…" /> : null}
        {gate.step === 'loadFailed' ? (
          <ErrorState title="The data room could not be loaded" message={gate.error ?? 'Something went wrong.'} onRetry={gate.retry} />
        ) : null}
        {gate.step === 'closed' ? (
          <Stack gap="3" align="center">
            <EmptyMessage title="The data room is not open yet">
              Its non-disclosure agreement has not been published. The Accord team will let you know when the data room opens.
            </EmptyMessage>
            <Button variant="outline" onClick={gate.retry}>
              Check again
            </Button>
          </Stack>
        ) : null}
        {gate.step === 'needsAgreement' || gate.step === 'agreeing' || gate.step === 'agreeFailed' ? <AgreementStep gate={gate} /> : null}
        {gate.step === 'open' ? <DataRoomDocuments client={client} gate={gate} justAgreed={agreedHere} /> : null}
      </Stack>
    </Container>
  );
}
