import { Badge, Box, Button, Code, Container, Flex, Grid, Heading, Link, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';

import { SIZES } from '../../../machines/onboarding-form';
import { countryName } from '../../components/countries';
import { REGISTRY_STATUS, sectorLabel } from '../../components/organization-labels';
import { usePageDescription } from '../../components/page-meta';
import { ErrorState, errorMessage } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import type { RegistryOrganization } from '../../data/registry/types';
import { useRegistryOrganization } from '../../data/registry/get-registry-organization';
import { OrganizationMark } from './organization-mark';
import { describeChange, formatRegistryDate, mailtoHref, STATUS_MEANINGS, statusSince } from './registry-labels';

const sizeLabels = new Map<string, string>(SIZES);

function BackLink() {
  return (
    <Link asChild variant="underline" color="brand.fg" textStyle="sm" fontWeight="medium">
      <RouterLink to="/trust-registry">← Back to the trust registry</RouterLink>
    </Link>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid templateColumns={{ base: '1fr', sm: '12rem 1fr' }} gap={{ base: '0.5', sm: '4' }} py="3" borderBottomWidth="1px" borderColor="border.muted">
      <Text as="dt" color="fg.muted" textStyle="sm" fontWeight="medium">
        {label}
      </Text>
      <Box as="dd" overflowWrap="anywhere">
        {children}
      </Box>
    </Grid>
  );
}

/** Only http(s) addresses become links; the database checks the shape, this keeps javascript: out of href for good. */
function websiteHref(website: string): string | null {
  try {
    const url = new URL(website);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function StatusHistory({ organization }: { organization: RegistryOrganization }) {
  // Newest first: the change that decides today's status leads.
  const entries = organization.statusHistory.map((change, index, all) => ({ change, what: describeChange(change, all[index - 1]) })).reverse();
  return (
    <Stack as="section" aria-labelledby="status-history" gap="4">
      <Heading as="h2" size="lg" id="status-history">
        Status history
      </Heading>
      <Text color="fg.muted" textStyle="sm">
        Every change to this organisation’s standing, with the date it took effect. Reasons for a suspension or revocation are
        shared with the organisation, not published.
      </Text>
      <Stack as="ol" gap="0" listStyleType="none" aria-label="Status history">
        {entries.map(({ change, what }, index) => (
          <Flex
            as="li"
            key={`${change.status}-${change.effectiveFrom}`}
            gap="4"
            py="3"
            borderTopWidth={index === 0 ? '0' : '1px'}
            borderColor="border.muted"
            align={{ base: 'flex-start', sm: 'center' }}
            direction={{ base: 'column', sm: 'row' }}
          >
            <Text as="span" minW="40" fontWeight="medium" textStyle="sm">
              {formatRegistryDate(change.effectiveFrom)}
            </Text>
            <Flex gap="3" align="center" wrap="wrap">
              <StatusBadge status={change.status} map={REGISTRY_STATUS} size="sm" />
              <Text as="span" textStyle="sm">
                {what}
              </Text>
            </Flex>
          </Flex>
        ))}
      </Stack>
    </Stack>
  );
}

function ApiHint({ organization }: { organization: RegistryOrganization }) {
  return (
    <Box as="aside" aria-labelledby="verify-by-api" borderWidth="1px" borderColor="brand.muted" bg="brand.subtle" borderRadius="l3" p="5">
      <Stack gap="3">
        <Heading as="h2" size="md" id="verify-by-api">
          Check this through the API
        </Heading>
        <Text textStyle="sm">
          Systems that accept this organisation’s verifications can ask the registry directly whether it was an active member on
          a given date. Use its registry identifier:
        </Text>
        <Code display="block" whiteSpace="normal" overflowWrap="anywhere" p="2" bg="bg" textStyle="xs">
          {organization.id}
        </Code>
        <Link asChild variant="underline" color="brand.fg" textStyle="sm" fontWeight="medium">
          <RouterLink to="/api-guide#registry-status-on">How to query the registry API</RouterLink>
        </Link>
      </Stack>
    </Box>
  );
}

const LEVELS = { low: 'Low', substantial: 'Substantial', high: 'High' } as const;

/** The verification schemas it declared; a deprecated one stays, marked, with its date. */
function VerifiedSchemas({ organization }: { organization: RegistryOrganization }) {
  const schemas = organization.verificationSchemas;
  return (
    <Stack as="section" aria-labelledby="verified-schemas" gap="3">
      <Heading as="h2" size="lg" id="verified-schemas">
        What it verifies
      </Heading>
      {schemas.length === 0 ? (
        <Text color="fg.muted">The organisation has not declared which of the network’s verification schemas it verifies.</Text>
      ) : (
        <>
          <Text color="fg.muted" textStyle="sm" maxW="65ch">
            The kinds of check it declared it performs under the network’s verification schemas, with the level of assurance of the{' '}
            <Link asChild variant="underline" color="brand.fg">
              <RouterLink to="/framework">trust framework</RouterLink>
            </Link>{' '}
            each reaches.
          </Text>
          <Stack as="ul" listStyleType="none" gap="2" aria-label="Verification schemas">
            {schemas.map((schema) => (
              <Flex as="li" key={schema.id} gap="2" align="center" wrap="wrap" borderWidth="1px" borderRadius="l2" px="3" py="2">
                <Text as="span" fontWeight="medium" overflowWrap="anywhere">
                  {schema.name} {schema.version}
                </Text>
                <Badge variant="outline">Assurance: {LEVELS[schema.assuranceLevel]}</Badge>
                {schema.status === 'deprecated' ? (
                  <Badge colorPalette="orange">
                    Deprecated{schema.deprecatedAt ? ` since ${formatRegistryDate(schema.deprecatedAt)}` : ''}
                  </Badge>
                ) : null}
              </Flex>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function Profile({ organization }: { organization: RegistryOrganization }) {
  const {
    name,
    legalName,
    status,
    statusEffectiveFrom,
    sector,
    country,
    website,
    memberSince,
    description,
    registrationNumber,
    size,
    logoPath,
    contactEmail,
  } = organization;
  const href = website ? websiteHref(website) : null;
  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <BackLink />
      <Flex gap={{ base: '4', md: '6' }} align="flex-start" direction={{ base: 'column', sm: 'row' }}>
        <OrganizationMark name={name} logoPath={logoPath} size="20" />
        <Stack gap="3" minW="0">
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }} lineHeight="1.15" overflowWrap="anywhere">
            {name}
          </Heading>
          {legalName && legalName !== name ? (
            <Text color="fg.muted">
              <VisuallyHidden>Legal name: </VisuallyHidden>
              {legalName}
            </Text>
          ) : null}
          <Flex gap="3" align="center" wrap="wrap">
            <StatusBadge status={status} map={REGISTRY_STATUS} size="lg" />
            <Text fontWeight="medium">{statusSince(status, statusEffectiveFrom)}</Text>
          </Flex>
          <Text color="fg.muted" textStyle="sm" maxW="60ch">
            {STATUS_MEANINGS[status]}
          </Text>
        </Stack>
      </Flex>

      <Grid templateColumns={{ base: '1fr', lg: '1fr 20rem' }} gap={{ base: '8', lg: '10' }} alignItems="start">
        <Stack gap={{ base: '8', md: '10' }} minW="0">
          <Stack as="section" aria-labelledby="about-organisation" gap="3">
            <Heading as="h2" size="lg" id="about-organisation">
              About {name}
            </Heading>
            {description ? <Text maxW="65ch">{description}</Text> : <Text color="fg.muted">The organisation has not added a description.</Text>}
            <Box as="dl" mt="2">
              <Fact label="Status">{statusSince(status, statusEffectiveFrom)}</Fact>
              <Fact label="Member since">{memberSince ? formatRegistryDate(memberSince) : '—'}</Fact>
              <Fact label="Sector">{sectorLabel(sector) ?? '—'}</Fact>
              <Fact label="Country">{country ? countryName(country) : '—'}</Fact>
              <Fact label="Website">
                {website && href ? (
                  <Link href={href} target="_blank" rel="noopener noreferrer" variant="underline" color="brand.fg">
                    {website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                    <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                  </Link>
                ) : (
                  (website ?? '—')
                )}
              </Fact>
              {contactEmail ? (
                <Fact label="Contact e-mail">
                  {/*
                    Chakra's Link is inline-flex, where the Fact's overflow-wrap does not reach the text's minimum
                    width: break-all lets a long address wrap at any character instead of widening a 360 px screen.
                  */}
                  <Link href={mailtoHref(contactEmail)} variant="underline" color="brand.fg" wordBreak="break-all">
                    {contactEmail}
                  </Link>
                </Fact>
              ) : null}
              <Fact label="Legal name">{legalName ?? name}</Fact>
              <Fact label="Registration number">{registrationNumber ?? '—'}</Fact>
              <Fact label="Size">{size ? (sizeLabels.get(size) ?? size) : '—'}</Fact>
            </Box>
          </Stack>
          <VerifiedSchemas organization={organization} />
          <StatusHistory organization={organization} />
        </Stack>
        <ApiHint organization={organization} />
      </Grid>
    </Stack>
  );
}

function ProfileSkeleton() {
  return (
    <Stack gap="8" aria-hidden="true">
      <Flex gap="6" align="flex-start">
        <Skeleton boxSize="20" borderRadius="l2" />
        <Stack gap="3" flex="1">
          <Skeleton height="4" width="8rem" />
          <Skeleton height="10" width="70%" />
          <Skeleton height="6" width="40%" />
        </Stack>
      </Flex>
      <Stack gap="3">
        <Skeleton height="4" width="90%" />
        <Skeleton height="4" width="80%" />
        <Skeleton height="4" width="60%" />
      </Stack>
    </Stack>
  );
}

/**
 * /trust-registry/:id: an organisation's public entry — status with its date,
 * facts, history and how to check it by API. Ids that are unknown, malformed
 * or belong to organisations never approved all read as "not found".
 */
export default function RegistryProfilePage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, mutate } = useRegistryOrganization(id);
  usePageDescription(
    data
      ? `${data.name} in the Accord trust registry: ${statusSince(data.status, data.statusEffectiveFrom).toLowerCase()}, with its sector, country, membership date and status history.`
      : 'An organisation’s entry in the Accord trust registry: its status (active, suspended or revoked) with the date it took effect, sector, country and membership date.',
  );

  let content;
  if (error && data === undefined) {
    content = (
      <Stack gap="6">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Organisation profile
        </Heading>
        <ErrorState title="This registry entry could not be loaded" message={errorMessage(error)} onRetry={() => void mutate()} />
        <BackLink />
      </Stack>
    );
  } else if (isLoading || data === undefined) {
    content = (
      <>
        <Box role="status" aria-live="polite">
          <VisuallyHidden>Loading the registry entry…</VisuallyHidden>
        </Box>
        <ProfileSkeleton />
      </>
    );
  } else if (data === null) {
    content = (
      <Stack gap="5" maxW="2xl">
        <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
          Trust registry
        </Text>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Organisation not found
        </Heading>
        <Text color="fg.muted" textStyle="lg">
          No organisation in the trust registry has this identifier. The link may be mistyped or incomplete, or the organisation
          has not been approved by the network.
        </Text>
        <Text color="fg.muted">
          Do not rely on a verification from an organisation you cannot find here. Search the registry by name to check it.
        </Text>
        <Box>
          <Button asChild>
            <RouterLink to="/trust-registry">Search the trust registry</RouterLink>
          </Button>
        </Box>
      </Stack>
    );
  } else {
    content = <Profile organization={data} />;
  }

  return (
    <Container maxW="6xl" py={{ base: '8', md: '14' }} px={{ base: '4', md: '6' }}>
      {content}
    </Container>
  );
}
