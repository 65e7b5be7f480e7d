import { Badge, Box, Code, Container, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

import { usePageDescription } from '../../components/page-meta';
import { API_EXAMPLES, HOSTED_BASE_URL, LOCAL_BASE_URL, REGISTRY_COLUMNS, VERIFICATION_FIELDS, type ApiExample } from './api-guide-examples';
import { TRUST_LIST_FIELDS, TRUST_LIST_PATH, TRUST_LIST_SNIPPETS } from './trust-list-examples';

/** A scrollable code block that keyboard users can scroll too. */
function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <Box
      as="pre"
      tabIndex={0}
      aria-label={label}
      bg="gray.900"
      color="gray.50"
      borderRadius="l2"
      p="4"
      overflowX="auto"
      fontFamily="mono"
      fontSize="sm"
      lineHeight="1.6"
      _focusVisible={{ outline: '2px solid var(--chakra-colors-brand-500)', outlineOffset: '2px' }}
    >
      <code>{children}</code>
    </Box>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="4" scrollMarginTop="24">
      <Heading as="h2" id={id} size={{ base: 'xl', md: '2xl' }}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Definitions({ items }: { items: { term: ReactNode; detail: ReactNode }[] }) {
  return (
    <Box as="dl" borderTopWidth="1px" borderColor="border.muted">
      {items.map(({ term, detail }, index) => (
        <Flex key={index} direction={{ base: 'column', md: 'row' }} gap={{ base: '1', md: '4' }} py="3" borderBottomWidth="1px" borderColor="border.muted">
          <Box as="dt" minW={{ md: '16rem' }} flexShrink={0}>
            {term}
          </Box>
          <Box as="dd" color="fg.muted" textStyle="sm">
            {detail}
          </Box>
        </Flex>
      ))}
    </Box>
  );
}

function responseText(example: ApiExample): string {
  const body = JSON.stringify(example.response.body, null, 2);
  if (!example.curl.includes(' -i ')) return body;
  const reason: Record<number, string> = { 200: 'OK', 206: 'Partial Content', 400: 'Bad Request', 404: 'Not Found', 416: 'Range Not Satisfiable' };
  const headers = Object.entries(example.response.headers ?? {}).map(([name, value]) => `${name}: ${value}\n`);
  return `HTTP/1.1 ${example.response.status} ${reason[example.response.status] ?? ''}\n${headers.join('')}Content-Type: application/json; charset=utf-8\n\n${body}`;
}

function FieldList({ fields }: { fields: { name: string; type: string; description: string }[] }) {
  return (
    <Definitions
      items={fields.map((field) => ({
        term: (
          <>
            <Code fontSize="sm">{field.name}</Code>{' '}
            <Text as="span" textStyle="xs" color="fg.muted">
              {field.type}
            </Text>
          </>
        ),
        detail: field.description,
      }))}
    />
  );
}

function Endpoint({ example }: { example: ApiExample }) {
  return (
    <Stack as="article" aria-labelledby={example.id} gap="4" scrollMarginTop="24" pt="2">
      <Heading as="h3" id={example.id} size="lg">
        {example.title}
      </Heading>
      <Flex gap="2" align="center" wrap="wrap">
        <Badge colorPalette={example.method === 'GET' ? 'blue' : 'purple'} variant="solid" fontFamily="mono">
          {example.method}
        </Badge>
        <Code fontSize="sm" overflowWrap="anywhere" whiteSpace="normal">
          {example.path}
        </Code>
      </Flex>
      <Text maxW="75ch">{example.summary}</Text>
      {example.parameters.length > 0 ? (
        <Definitions
          items={example.parameters.map((parameter) => ({
            term: (
              <>
                <Code fontSize="sm">{parameter.name}</Code>{' '}
                <Text as="span" textStyle="xs" color="fg.muted">
                  {parameter.type}, {parameter.required ? 'required' : 'optional'}
                </Text>
              </>
            ),
            detail: parameter.description,
          }))}
        />
      ) : null}
      <Text fontWeight="medium">{example.caption}</Text>
      <CodeBlock label={`Request: ${example.title}`}>{example.curl}</CodeBlock>
      <Text textStyle="sm" color="fg.muted">
        Response
      </Text>
      <CodeBlock label={`Response: ${example.title}`}>{responseText(example)}</CodeBlock>
    </Stack>
  );
}

/**
 * /api-guide: how other systems query the open trust registry. The examples
 * come from api-guide-examples.ts, which tests/db/api-guide.test.ts runs with
 * curl against a real stack, so what is printed here is what the API answers.
 */
export default function ApiGuidePage() {
  usePageDescription(
    'The Accord trust registry API: check from your own system, without an account, whether an organisation is an approved member and what its status was on a given date. Endpoints, parameters, responses and curl examples.',
  );
  const { hash } = useLocation();

  // The router does not scroll to #fragments by itself; links from registry profiles use them.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  const contents = [
    { id: 'base-url', title: 'Base URL' },
    { id: 'authentication', title: 'Authentication' },
    { id: 'endpoints', title: 'Endpoints' },
    ...API_EXAMPLES.map(({ id, title }) => ({ id, title, nested: true })),
    { id: 'columns', title: 'What a registry entry contains' },
    { id: 'verification-answer', title: 'What a verification answer contains' },
    { id: 'trust-list', title: 'Verify offline: the signed trust list' },
    { id: 'good-to-know', title: 'Good to know' },
  ];

  return (
    <Container maxW="5xl" py={{ base: '8', md: '14' }} px={{ base: '4', md: '6' }}>
      <Stack gap={{ base: '10', md: '14' }}>
        <Stack gap="4" maxW="3xl">
          <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
            For developers
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.15">
            API guide
          </Heading>
          <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted">
            The trust registry is open. Any system — a booking platform, a bank’s onboarding, a hospital’s intake — can check,
            without an account, whether an organisation is an approved member of the Accord network, and whether it was one on
            the day it made a verification you are relying on.
          </Text>
          <Text>
            The API is read-only and returns only what the{' '}
            <Link asChild variant="underline" color="brand.fg">
              <RouterLink to="/trust-registry">public registry</RouterLink>
            </Link>{' '}
            shows: names, registration details, sector, country, website and the dated status history. Nothing about
            applications, members or contacts, and not the reasons for a suspension.
          </Text>
        </Stack>

        <Box as="nav" aria-labelledby="contents" borderWidth="1px" borderColor="border.muted" borderRadius="l3" p="5" bg="bg.subtle">
          <Heading as="h2" id="contents" size="sm" mb="3">
            On this page
          </Heading>
          <Stack as="ul" gap="1.5" listStyleType="none" textStyle="sm">
            {contents.map((item) => (
              <Box as="li" key={item.id} pl={'nested' in item ? '4' : '0'}>
                <Link href={`#${item.id}`} color="brand.fg" variant="underline">
                  {item.title}
                </Link>
              </Box>
            ))}
          </Stack>
        </Box>

        <Section id="base-url" title="Base URL">
          <Text>Every endpoint is a function under /rest/v1/rpc/ of the network’s API address:</Text>
          <Definitions
            items={[
              { term: <Text fontWeight="medium">Hosted</Text>, detail: <Code>{HOSTED_BASE_URL}</Code> },
              {
                term: <Text fontWeight="medium">Local development</Text>,
                detail: (
                  <>
                    <Code>{LOCAL_BASE_URL}</Code> — the stack that <Code>npm start</Code> runs, with a demo registry. The examples
                    below were run against it.
                  </>
                ),
              },
            ]}
          />
        </Section>

        <Section id="authentication" title="Authentication">
          <Text maxW="75ch">
            Send the project’s anon key in the <Code>apikey</Code> header. It is a public key, meant to be embedded in
            browsers and apps, and it can only read what visitors may read. No user account or sign-in is needed. Locally,{' '}
            <Code>npm start</Code> prints it; for the hosted network, it is on the API keys page of the project’s settings.
            The examples read it from a shell variable:
          </Text>
          <CodeBlock label="Setting the anon key">{'export ANON_KEY="<the anon key>"'}</CodeBlock>
          <Text maxW="75ch">
            The API answers browsers from any origin (CORS), so a web page can call it directly.
          </Text>
        </Section>

        <Section id="endpoints" title="Endpoints">
          <Text maxW="75ch">
            Each function answers GET, with its parameters in the address, and POST, with them as a JSON body. Lists come back
            as JSON arrays; an empty array means nothing matched.
          </Text>
          <Stack gap={{ base: '10', md: '12' }}>
            {API_EXAMPLES.map((example) => (
              <Endpoint key={example.id} example={example} />
            ))}
          </Stack>
        </Section>

        <Section id="columns" title="What a registry entry contains">
          <Text maxW="75ch">
            registry_search, registry_by_id and registry_by_domain return rows with these columns. Ask for fewer with{' '}
            <Code>select=name,status</Code>.
          </Text>
          <FieldList fields={REGISTRY_COLUMNS} />
        </Section>

        <Section id="verification-answer" title="What a verification answer contains">
          <Text maxW="75ch">
            registry_verifies returns one object with these fields. Like the other functions, it takes{' '}
            <Code>select=authorized,reason</Code> for fewer.
          </Text>
          <FieldList fields={VERIFICATION_FIELDS} />
        </Section>

        <Section id="trust-list" title="Verify offline: the signed trust list">
          <Text maxW="75ch">
            The whole registry is also published as one signed document, so your system can keep a copy and check members
            without calling the API each time. It is a JSON Web Token signed by the network (ES256), republished within a
            minute of any change to the registry and at least every 12 hours, at one address that needs no key:
          </Text>
          <CodeBlock label="Where the trust list is">{`<base URL>${TRUST_LIST_PATH}`}</CodeBlock>
          <Text maxW="75ch">
            Verify it with the network’s public keys, published at <Code>/.well-known/jwks.json</Code> of the Accord site
            (and as a DID document at <Code>/.well-known/did.json</Code>). A new key is published there before it signs
            anything, and an old one stays until everything it signed has expired, so fetching the keys when you meet an
            unknown key id is enough. The payload holds:
          </Text>
          <FieldList fields={TRUST_LIST_FIELDS} />
          {TRUST_LIST_SNIPPETS.map((snippet) => (
            <Stack key={snippet.id} gap="2">
              <Text fontWeight="medium">{snippet.label}</Text>
              <CodeBlock label={`Verify the trust list: ${snippet.label}`}>{snippet.code}</CodeBlock>
            </Stack>
          ))}
        </Section>

        <Section id="good-to-know" title="Good to know">
          <Stack as="ul" gap="3" pl="5" maxW="75ch">
            <li>
              <Text>
                <strong>Statuses.</strong> Active members are trusted. A suspended member is not trusted while a problem is put
                right and may be reinstated; a revoked member has left the network. Both stay in the registry with the date,
                so “no longer trusted” is never confused with “never a member”. Organisations whose application is pending or
                was rejected are not in the registry at all.
              </Text>
            </li>
            <li>
              <Text>
                <strong>Dates.</strong> Timestamps are UTC, in ISO 8601. registry_status_on reads a date as the end of that
                UTC day; registry_verifies takes a moment, and reads a date alone as the start of that UTC day.
              </Text>
            </li>
            <li>
              <Text>
                <strong>Order.</strong> Lists are sorted by name, ignoring case and accents, so pages are stable.
              </Text>
            </li>
            <li>
              <Text>
                <strong>Reasons are private.</strong> Why a member was suspended or revoked is shared with the organisation and
                kept by the network, not published. The{' '}
                <Link asChild variant="underline" color="brand.fg">
                  <RouterLink to="/framework">trust framework</RouterLink>
                </Link>{' '}
                explains when membership is suspended or revoked.
              </Text>
            </li>
            <li>
              <Text>
                <strong>Logos.</strong> Where logo_path is set, the image is at{' '}
                <Code overflowWrap="anywhere" whiteSpace="normal">
                  {'<base URL>/storage/v1/object/public/brand_assets/<logo_path>'}
                </Code>
                .
              </Text>
            </li>
          </Stack>
        </Section>
      </Stack>
    </Container>
  );
}
