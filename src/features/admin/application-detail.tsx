import { Alert, Box, Button, Flex, Heading, Image, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

import { ApplicationTimeline } from '../../components/application-timeline';
import { countryName } from '../../components/countries';
import { formatCount, formatDayAndTime } from '../../components/formats';
import { useSignedUrl } from '../../components/open-file';
import { sectorLabel } from '../../components/organization-labels';
import { QueryView } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import { supabase } from '../../data/client';
import type { ApplicationDetail as ApplicationDetailData } from '../../data/applications/get-application-detail';
import { useApplicationDetail } from '../../data/applications/get-application-detail';
import { useCommand } from '../../components/use-command';
import { beginApplicationReview } from '../../data/applications/begin-application-review';
import { createDocumentUrl } from '../../data/applications/create-document-url';
import { applicationKeys } from '../../data/applications/keys';
import { publicObjectUrl } from '../../data/public-storage';
import { QUEUE_STATUS, queueStatusOf } from './application-status';
import { ReviewActions } from './review-actions';

const USE_CASE_LABELS: Record<string, string> = {
  education: 'Education',
  healthcare: 'Healthcare',
  online_registration: 'Online registration',
  cross_border_verification: 'Cross-border verification',
};

function Facts({ children }: { children: ReactNode }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'minmax(10rem, auto) 1fr' }} columnGap="4" rowGap={{ base: '0.5', sm: '2' }} m="0">
      {children}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box as="dt" color="fg.muted" textStyle="sm" pt={{ base: '2', sm: '0' }}>
        {label}
      </Box>
      <Box as="dd" m="0" wordBreak="break-word">
        {children || <Text as="span" color="fg.muted">Not given</Text>}
      </Box>
    </>
  );
}

/** One application in the back office: what the applicant told us, their documents, its history and the decision. */
export function ApplicationDetail({ organizationId, onBack }: { organizationId: string; onBack: () => void }) {
  const detail = useApplicationDetail(organizationId);
  const { data } = detail;
  const { run: beginReview } = useCommand({
    run: (id: string) => beginApplicationReview(supabase, id),
    refresh: (id) => [applicationKeys.queue, applicationKeys.detail(id)],
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const startedReview = useRef<string | null>(null);

  // Opening a pending application is picking it up: it moves to "under review" (once per visit).
  const status = data?.application.status;
  useEffect(() => {
    if (status !== 'pending' || startedReview.current === organizationId) return;
    startedReview.current = organizationId;
    void beginReview(organizationId);
  }, [status, organizationId, beginReview]);

  useEffect(() => {
    if (data) heading.current?.focus();
    // Only when another application is shown, not on every refresh of this one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data?.application.organizationId]);

  return (
    <QueryView query={detail} loading="Loading the application…" errorTitle="The application could not be loaded">
      {(loaded) => <ApplicationView data={loaded} organizationId={organizationId} onBack={onBack} heading={heading} />}
    </QueryView>
  );
}

function ApplicationView({
  data,
  organizationId,
  onBack,
  heading,
}: {
  data: ApplicationDetailData;
  organizationId: string;
  onBack: () => void;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const file = useSignedUrl<string>({
    sign: (path) => createDocumentUrl(supabase, path),
    target: 'tab',
    failureToast: 'The document could not be opened',
  });
  const { application, events, documents, applicantEmail, people } = data;
  // Proofs an answer to a change request replaced, newest first: they stay on record.
  const earlier = documents.filter((d) => d.supersededAt !== null && d.path !== application.registrationDocumentPath).reverse();
  const org = application.organization;
  const queueStatus = queueStatusOf(application);
  const decided = application.status === 'approved' || application.status === 'rejected';

  return (
    <Stack gap="6">
      <Button variant="ghost" size="sm" alignSelf="flex-start" onClick={onBack} hideFrom="lg" px="0">
        ← Back to the queue
      </Button>
      <Stack gap="2">
        <Flex gap="3" align="center" wrap="wrap">
          {org.logo_path ? <Image src={publicObjectUrl('brand_assets', org.logo_path)} alt={`${org.name} logo`} boxSize="10" objectFit="contain" /> : null}
          <Heading as="h2" size="2xl" ref={heading} tabIndex={-1} outline="none">
            {org.name}
          </Heading>
          <StatusBadge status={queueStatus} map={QUEUE_STATUS} size="md" />
        </Flex>
        <Text color="fg.muted">
          Submitted {formatDayAndTime(application.submittedAt)} by {applicantEmail ?? 'a deleted account'}
        </Text>
      </Stack>

      {application.status === 'rejected' && application.decisionReason ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Rejected {formatDayAndTime(application.decidedAt)}</Alert.Title>
            <Alert.Description whiteSpace="pre-wrap">{application.decisionReason}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {application.status === 'approved' ? (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Approved {formatDayAndTime(application.decidedAt)}</Alert.Title>
            <Alert.Description>The organisation is published in the trust registry.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      <Stack as="section" gap="3" aria-label="Organisation">
        <Heading as="h3" size="md">
          Organisation
        </Heading>
        <Facts>
          <Fact label="Legal name">{org.legal_name}</Fact>
          <Fact label="Registration number">{org.registration_number}</Fact>
          <Fact label="Country">{org.country ? `${countryName(org.country)} (${org.country})` : null}</Fact>
          <Fact label="Website">
            {org.website ? (
              <Link href={org.website} target="_blank" rel="noopener noreferrer" color="brand.fg">
                {org.website}
              </Link>
            ) : null}
          </Fact>
          <Fact label="Sector">{sectorLabel(org.sector ?? null)}</Fact>
          <Fact label="Size">{org.size ? `${org.size} people` : null}</Fact>
        </Facts>
      </Stack>

      <Stack as="section" gap="3" aria-label="Contact and use">
        <Heading as="h3" size="md">
          Contact and use
        </Heading>
        <Facts>
          <Fact label="Contact person">{application.contactName}</Fact>
          <Fact label="Phone">{application.contactPhone ? <Link href={`tel:${application.contactPhone.replace(/[^+\d]/g, '')}`}>{application.contactPhone}</Link> : null}</Fact>
          <Fact label="Use cases">{application.useCases.map((u) => USE_CASE_LABELS[u] ?? u).join(', ')}</Fact>
          <Fact label="Verifications per month">{application.expectedMonthlyVerifications == null ? null : formatCount(application.expectedMonthlyVerifications)}</Fact>
          <Fact label="Consent">{application.consentAt ? `Given ${formatDayAndTime(application.consentAt)}` : null}</Fact>
        </Facts>
      </Stack>

      <Stack as="section" gap="3" aria-label="Documents">
        <Heading as="h3" size="md">
          Documents
        </Heading>
        {application.registrationDocumentPath ? (
          <Flex gap="3" align="center" wrap="wrap">
            <Button variant="outline" onClick={() => void file.open(application.registrationDocumentPath!)} loading={file.busy} loadingText="Opening…">
              Open proof of registration
            </Button>
            <Text textStyle="sm" color="fg.muted">
              Opens through a link that works for one minute.
            </Text>
          </Flex>
        ) : (
          <Text color="fg.muted">No proof of registration was uploaded.</Text>
        )}
        {earlier.length > 0 ? (
          <Stack gap="2">
            <Heading as="h4" size="sm">
              Earlier versions
            </Heading>
            <Box as="ul" aria-label="Earlier versions of the proof of registration" listStyleType="none" p="0" m="0">
              {earlier.map((document) => (
                <Flex as="li" key={document.id} gap="3" align="center" wrap="wrap" py="1">
                  <Text textStyle="sm" flex="1" minW="12rem">
                    Submitted {formatDayAndTime(document.submittedAt)}, replaced {formatDayAndTime(document.supersededAt)}
                  </Text>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void file.open(document.path)}
                    disabled={file.busy}
                    aria-label={`Open the proof of registration submitted ${formatDayAndTime(document.submittedAt)}`}
                  >
                    Open
                  </Button>
                </Flex>
              ))}
            </Box>
          </Stack>
        ) : null}
      </Stack>

      {!decided ? (
        <Stack as="section" gap="3" aria-label="Decision">
          <Heading as="h3" size="md">
            Decision
          </Heading>
          <ReviewActions organizationId={organizationId} organizationName={org.name} />
        </Stack>
      ) : null}

      <Stack as="section" gap="3" aria-label="History">
        <Heading as="h3" size="md">
          History
        </Heading>
        <ApplicationTimeline
          entries={events.map((event) => ({
            id: event.id,
            type: event.type,
            message: event.message,
            createdAt: event.createdAt,
            actor: event.actorId ? (people[event.actorId] ?? 'A deleted account') : null,
            documentSent: event.documentSent,
          }))}
        />
      </Stack>
    </Stack>
  );
}
