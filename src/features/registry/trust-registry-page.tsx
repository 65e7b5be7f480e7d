import { Box, Button, chakra, Container, Flex, Heading, Input, Link, LinkBox, LinkOverlay, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { memo, useDeferredValue, useEffect, useId, useRef, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { SECTORS } from '../../../machines/sectors';
import { countries, countryName } from '../../components/countries';
import { FilterSelect } from '../../components/filter-controls';
import { REGISTRY_STATUS, sectorLabel, STATUS_LABELS } from '../../components/organization-labels';
import { PageHeader } from '../../components/page-header';
import { usePageDescription } from '../../components/page-meta';
import { PageNav } from '../../components/page-nav';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import { useUrlFilters } from '../../components/use-url-filters';
import { REGISTRY_SEARCH_MAX_LENGTH } from '../../data/registry/search-registry';
import { REGISTRY_STATUSES, type RegistryOrganization } from '../../data/registry/types';
import { preloadRegistrySearch, useRegistrySearch } from '../../data/registry/search-registry';
import { OrganizationMark } from './organization-mark';
import { formatRegistryDate, STATUS_MEANINGS, statusSince } from './registry-labels';
import { filtersFromParams, hasFilters, PAGE_SIZE, paramsFromFilters, toRegistryQuery, type RegistryFilters } from './registry-filters';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function OrganizationCard({ organization }: { organization: RegistryOrganization }) {
  const { id, name, legalName, sector, country, status, statusEffectiveFrom, memberSince, logoPath } = organization;
  const facts = [sectorLabel(sector), country ? countryName(country) : null].filter(Boolean).join(' · ');
  return (
    <LinkBox
      as="li"
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      p={{ base: '4', md: '5' }}
      transition="colors"
      _hover={{ borderColor: 'brand.solid', shadow: 'sm' }}
      _focusWithin={{ borderColor: 'brand.focusRing' }}
    >
      <Flex gap="4" align="flex-start">
        <OrganizationMark name={name} logoPath={logoPath} />
        <Stack gap="1" flex="1" minW="0">
          <Flex gap="2" justify="space-between" align="flex-start" wrap="wrap">
            <Heading as="h3" size="md" lineHeight="1.3" overflowWrap="anywhere">
              <LinkOverlay asChild>
                <RouterLink to={`/trust-registry/${id}`}>{name}</RouterLink>
              </LinkOverlay>
            </Heading>
            <StatusBadge status={status} map={REGISTRY_STATUS} size="md" />
          </Flex>
          {legalName && legalName !== name ? (
            <Text textStyle="sm" color="fg.muted">
              {legalName}
            </Text>
          ) : null}
          {facts ? <Text textStyle="sm">{facts}</Text> : null}
          <Text textStyle="sm" color="fg.muted">
            {status === 'active' && memberSince ? `Member since ${formatRegistryDate(memberSince)}` : statusSince(status, statusEffectiveFrom)}
          </Text>
        </Stack>
      </Flex>
    </LinkBox>
  );
}

function ListSkeleton() {
  return (
    <Box>
      <Box role="status" aria-live="polite">
        <VisuallyHidden>Loading the registry…</VisuallyHidden>
      </Box>
      <SimpleGrid as="ul" columns={{ base: 1, lg: 2 }} gap="4" listStyleType="none" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <Flex as="li" key={index} gap="4" borderWidth="1px" borderColor="border.muted" borderRadius="l3" p="5">
            <Skeleton boxSize="12" borderRadius="l2" />
            <Stack flex="1" gap="2">
              <Skeleton height="5" width="60%" />
              <Skeleton height="4" width="40%" />
              <Skeleton height="4" width="50%" />
            </Stack>
          </Flex>
        ))}
      </SimpleGrid>
    </Box>
  );
}

// Memoised: typing and answers arriving do not re-render its 250-odd country options.
const SearchForm = memo(function SearchForm({
  filters,
  onChange,
}: {
  filters: RegistryFilters;
  onChange: (next: Partial<RegistryFilters>) => void;
}) {
  const inputId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new FormData(event.currentTarget).get('q');
    onChange({ query: typeof query === 'string' ? query.trim() : '' });
  };
  return (
    <chakra.form
      role="search"
      aria-label="Search the trust registry"
      onSubmit={submit}
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="l3"
      bg="bg.subtle"
      p={{ base: '4', md: '5' }}
    >
      <Stack gap="4">
        <Stack gap="1.5">
          <chakra.label htmlFor={inputId} fontWeight="medium" textStyle="sm">
            Organisation name
          </chakra.label>
          <Flex gap="2" w="full" direction={{ base: 'column', sm: 'row' }}>
            {/* Keyed by the query so the box shows the address's search after Back and Forward. */}
            <Input
              key={filters.query}
              id={inputId}
              name="q"
              type="search"
              defaultValue={filters.query}
              placeholder="Name or legal name, e.g. Northwind"
              maxLength={REGISTRY_SEARCH_MAX_LENGTH}
              bg="bg"
              autoComplete="off"
            />
            <Button type="submit" flexShrink={0}>
              Search
            </Button>
          </Flex>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FilterSelect label="Sector" name="sector" value={filters.sector ?? ''} onChange={(value) => onChange({ sector: (value || null) as RegistryFilters['sector'] })}>
            <option value="">All sectors</option>
            {SECTORS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label="Country" name="country" value={filters.country ?? ''} onChange={(value) => onChange({ country: value || null })}>
            <option value="">All countries</option>
            {countries().map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label="Status" name="status" value={filters.status ?? ''} onChange={(value) => onChange({ status: (value || null) as RegistryFilters['status'] })}>
            <option value="">Any status</option>
            {REGISTRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </FilterSelect>
        </SimpleGrid>
      </Stack>
    </chakra.form>
  );
});

/** "3 organisations match “bank” in Education" — what the list is showing, in words. */
function summaryOf(total: number, filters: RegistryFilters): string {
  if (!hasFilters(filters)) return `${plural(total, 'organisation', 'organisations')} in the registry`;
  const parts = [
    filters.query ? `“${filters.query}”` : null,
    filters.sector ? `in ${sectorLabel(filters.sector)}` : null,
    filters.country ? `in ${countryName(filters.country)}` : null,
    filters.status ? `with status ${STATUS_LABELS[filters.status].toLowerCase()}` : null,
  ].filter(Boolean);
  return `${plural(total, 'organisation matches', 'organisations match')} ${parts.join(' ')}`;
}

const ResultsList = memo(function ResultsList({
  organizations,
  filters,
  pageCount,
  stale,
  hrefFor,
}: {
  organizations: RegistryOrganization[];
  filters: RegistryFilters;
  pageCount: number;
  stale: boolean;
  hrefFor: (filters: RegistryFilters) => string;
}) {
  return (
    <Stack gap="5">
      <SimpleGrid
        as="ul"
        columns={{ base: 1, lg: 2 }}
        gap="4"
        listStyleType="none"
        aria-label="Organisations"
        aria-busy={stale}
        opacity={stale ? 0.6 : 1}
        transition="opacity 0.2s"
      >
        {organizations.map((organization) => (
          <OrganizationCard key={organization.id} organization={organization} />
        ))}
      </SimpleGrid>
      {pageCount > 1 ? (
        <PageNav page={filters.page} pageCount={pageCount} hrefFor={(page) => hrefFor({ ...filters, page })} />
      ) : null}
    </Stack>
  );
});

/**
 * The results section, on its own so that an answer arriving re-renders only
 * it. The answer is drawn through useDeferredValue: React renders the cards
 * in slices between which the page still answers a click or a key, rather
 * than in one block that holds a phone's main thread for ~150 ms.
 */
function RegistryResults({ filters, hrefFor }: { filters: RegistryFilters; hrefFor: (filters: RegistryFilters) => string }) {
  const { data: latest, error, isLoading, isValidating, mutate } = useRegistrySearch(toRegistryQuery(filters));
  const data = useDeferredValue(latest);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const addressKey = paramsFromFilters(filters).toString();

  // After paging or filtering, take keyboard and screen-reader users to the results.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [addressKey]);

  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = (filters.page - 1) * PAGE_SIZE + 1;
  const stale = (isValidating || latest !== data) && data !== undefined;
  // The summary speaks of these filters, so it waits for their own answer: while the
  // previous one is still on screen (keepPreviousData, or the deferred render catching
  // up) it would pair the new filters with the old count.
  const answered = data !== undefined && latest === data && !isLoading;

  return (
    <Stack as="section" aria-labelledby="registry-results" gap="4">
      <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
        <Heading as="h2" size="lg" id="registry-results" ref={resultsRef} tabIndex={-1} outline="none">
          Results
        </Heading>
        <Text color="fg.muted" textStyle="sm" role="status" aria-live="polite">
          {answered && !error
            ? `${summaryOf(total, filters)}${data.organizations.length > 0 ? ` · showing ${first}–${first + data.organizations.length - 1}` : ''}`
            : ''}
        </Text>
      </Flex>
      <QueryView
        // The deferred answer, so the cards render in slices (see above).
        query={{ data, error, mutate }}
        loading={<ListSkeleton />}
        errorTitle="The registry could not be loaded"
        staleErrorTitle="The registry could not be updated"
        isEmpty={(answer) => answer.organizations.length === 0}
        empty={
          total > 0 ? (
            <Stack gap="3" align="flex-start">
              <EmptyMessage title="There is nothing on this page">{`The results end on page ${pageCount}.`}</EmptyMessage>
              <Button asChild variant="outline">
                <RouterLink to={hrefFor({ ...filters, page: pageCount })}>Go to the last page</RouterLink>
              </Button>
            </Stack>
          ) : (
            <Stack gap="3" align="center">
              <EmptyMessage title="No organisation matches">
                {hasFilters(filters)
                  ? 'No organisation in the registry matches this search. Check the spelling, or clear the filters to see every member.'
                  : 'No organisation has been approved yet.'}
              </EmptyMessage>
              {hasFilters(filters) ? (
                <Button asChild variant="outline">
                  <RouterLink to="/trust-registry">Clear filters</RouterLink>
                </Button>
              ) : null}
            </Stack>
          )
        }
      >
        {(answer) => (
          <ResultsList organizations={answer.organizations} filters={filters} pageCount={pageCount} stale={stale} hrefFor={hrefFor} />
        )}
      </QueryView>
    </Stack>
  );
}

/** A change of search or filters starts again at the first page. */
const PAGE_ONE: Partial<RegistryFilters> = { page: 1 };

/** The results this address will show, asked for before the page's first render (router.tsx). */
export function preloadData(url: URL): void {
  preloadRegistrySearch(toRegistryQuery(filtersFromParams(url.searchParams)));
}

/**
 * /trust-registry: every organisation the network approved, with its status
 * now. Searched by name and filtered by sector, country and status on the
 * server (registry_search); the filters and the page live in the address.
 */
export default function TrustRegistryPage() {
  usePageDescription(
    'Search the Accord trust registry: every organisation approved for identity and document verification, with its status (active, suspended or revoked), sector, country and membership date.',
  );
  const { filters, setFilters, hrefFor } = useUrlFilters(filtersFromParams, paramsFromFilters, PAGE_ONE);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '14' }} px={{ base: '4', md: '6' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <PageHeader
          eyebrow="Registry"
          title="Trust registry"
          intro="Every organisation the Accord network has approved for identity and document verification, with its standing today. Check an organisation here before you rely on a verification it made. Suspended and revoked members stay listed, so you can see when trust was withdrawn."
        >
          <Text textStyle="sm">
            Checking from your own system?{' '}
            <Link asChild variant="underline" color="brand.fg">
              <RouterLink to="/api-guide">Query the registry through its open API</RouterLink>
            </Link>
            .
          </Text>
        </PageHeader>

        <SearchForm filters={filters} onChange={setFilters} />

        <RegistryResults filters={filters} hrefFor={hrefFor} />

        <Box as="section" aria-labelledby="registry-statuses" borderTopWidth="1px" borderColor="border.muted" pt="6">
          <Heading as="h2" size="md" id="registry-statuses" mb="3">
            What the statuses mean
          </Heading>
          <Stack as="dl" gap="3">
            {REGISTRY_STATUSES.map((status) => (
              <Flex key={status} gap="3" align="baseline" direction={{ base: 'column', sm: 'row' }}>
                <Box as="dt" minW="28">
                  <StatusBadge status={status} map={REGISTRY_STATUS} size="md" />
                </Box>
                <Text as="dd" color="fg.muted" textStyle="sm">
                  {STATUS_MEANINGS[status]}
                </Text>
              </Flex>
            ))}
          </Stack>
        </Box>
      </Stack>
    </Container>
  );
}
