import { Box, Button, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { ContentPage } from '../../components/content-page';
import { usePageDescription } from '../../components/page-meta';
import { DataTable } from '../../components/prose';

// On a phone the buttons take the full width and may wrap, so the longer label
// never runs out of its box.
const ctaButtonSize = {
  size: 'lg',
  w: { base: 'full', sm: 'auto' },
  h: 'auto',
  minH: '11',
  py: '2',
  whiteSpace: 'normal',
  textAlign: 'center',
} as const;

export type UseCaseSlug = 'education' | 'healthcare' | 'online-registration' | 'cross-border-verification';

/** The four use cases, for the "Other use cases" links at the foot of each. */
const USE_CASES: readonly { slug: UseCaseSlug; linkText: string; summary: string }[] = [
  {
    slug: 'education',
    linkText: 'Accord for education',
    summary: 'Enrolment checks, diplomas and transcripts accepted across institutions, and exam candidates verified.',
  },
  {
    slug: 'healthcare',
    linkText: 'Accord for healthcare',
    summary: 'Patients registered once, remote consultations with the right person, and practitioners’ credentials trusted.',
  },
  {
    slug: 'online-registration',
    linkText: 'Accord for online registration',
    summary: 'Know-your-customer checks at sign-up, age checks that reveal only the age, and verifications people can reuse.',
  },
  {
    slug: 'cross-border-verification',
    linkText: 'Accord for cross-border verification',
    summary: 'Checks made in another country accepted under one framework, including eIDAS-notified schemes.',
  },
];

const pathOfUseCase = (slug: UseCaseSlug) => `/use-cases/${slug}`;

export interface UseCaseFlow {
  title: string;
  summary: ReactNode;
  /** What happens, in order. */
  steps: readonly ReactNode[];
}

export interface AssuranceNeed {
  check: string;
  identity: string;
  documents: string;
}

export interface UseCaseLayoutProps {
  slug: UseCaseSlug;
  /** The page's h1. */
  title: string;
  /** The page's meta description. */
  description: string;
  intro: string;
  /** Who in the sector can join, e.g. "Schools, universities and training providers". */
  audience: string;
  /** Paragraphs describing the problem in the sector. */
  problem: ReactNode;
  flows: readonly UseCaseFlow[];
  assurance: readonly AssuranceNeed[];
  /** A sentence or two under the assurance table, e.g. which legal requirements set the levels. */
  assuranceNote?: ReactNode;
  forOrganisations: readonly ReactNode[];
  forPeople: readonly ReactNode[];
}

/** The shared shape of the four use-case pages: problem, flows, assurance, outcomes, calls to action, other use cases. */
export function UseCaseLayout({
  slug,
  title,
  description,
  intro,
  audience,
  problem,
  flows,
  assurance,
  assuranceNote,
  forOrganisations,
  forPeople,
}: UseCaseLayoutProps) {
  usePageDescription(description);
  const others = USE_CASES.filter((useCase) => useCase.slug !== slug);

  return (
    <ContentPage eyebrow="Use case" title={title} intro={intro} prose>
      <h2 id="problem">The problem</h2>
      {problem}

      <h2 id="how-members-use-accord">How members use the network</h2>
      {flows.map((flow) => (
        <section key={flow.title}>
          <h3>{flow.title}</h3>
          <p>{flow.summary}</p>
          <ol>
            {flow.steps.map((step, index) => (
              <li key={index}>{step}</li>
            ))}
          </ol>
        </section>
      ))}

      <h2 id="assurance">Assurance levels you will typically need</h2>
      <p>
        Typical levels for each check. Your own risk assessment, and the law that applies to you, may call for more.
        The <RouterLink to="/framework#levels">levels of assurance in the trust framework</RouterLink> explain what each
        level requires and how it maps to eIDAS, NIST SP 800-63 and the UK trust framework.
      </p>
      <DataTable
        id="assurance-levels"
        caption={`Typical assurance levels for ${title.toLowerCase()}`}
        columns={['Check', 'Identity', 'Documents']}
        rows={assurance.map((need) => [need.check, need.identity, need.documents])}
      />
      {assuranceNote ? <p>{assuranceNote}</p> : null}

      <h2 id="what-changes">What changes</h2>
      <h3>For your organisation</h3>
      <ul>
        {forOrganisations.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
      <h3>For the people you serve</h3>
      <ul>
        {forPeople.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>

      <Box as="section" aria-labelledby="join" mt="12" bg="brand.subtle" borderWidth="1px" borderColor="brand.muted" rounded="l3" p={{ base: '5', md: '8' }}>
        <Stack gap="3">
          <Heading as="h2" id="join" size={{ base: 'lg', md: 'xl' }} mt="0">
            Join the network
          </Heading>
          <Text color="fg">
            {audience} can apply today, whether they verify identities and documents themselves or rely on checks
            made by others. Every member is listed in the public trust registry.
          </Text>
          <Flex gap="3" wrap="wrap" mt="2">
            <Button asChild {...ctaButtonSize}>
              <RouterLink to="/onboarding">Join the Network</RouterLink>
            </Button>
            <Button asChild {...ctaButtonSize} variant="outline" bg="bg">
              <RouterLink to="/trust-registry">See members in the trust registry</RouterLink>
            </Button>
          </Flex>
        </Stack>
      </Box>

      <h2 id="other-use-cases">Other use cases</h2>
      <SimpleGrid as="ul" listStyleType="none" ps="0" columns={{ base: 1, md: 3 }} gap="4" mt="4" maxW="none">
        {others.map((useCase) => (
          <Box as="li" key={useCase.slug} mt="0" borderWidth="1px" borderColor="border.muted" rounded="l2" p="4">
            <Link asChild variant="underline" color="brand.fg" fontWeight="semibold">
              <RouterLink to={pathOfUseCase(useCase.slug)}>{useCase.linkText}</RouterLink>
            </Link>
            <Text textStyle="sm" color="fg.muted" mt="1.5" lineHeight="1.6">
              {useCase.summary}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </ContentPage>
  );
}
