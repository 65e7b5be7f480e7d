import { Box, Button, Container, Flex, Heading, Link, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { ArrowRightIcon } from '../../components/icons';
import { usePageDescription } from '../../components/page-meta';
import { FIGURES } from './home-figure-labels';

const STEPS = [
  {
    title: 'Apply',
    text: 'Tell us about your organisation and how it verifies identities and documents today.',
  },
  {
    title: 'Get verified',
    text: 'We review your application against the trust framework. Once approved, your organisation is listed in the trust registry.',
  },
  {
    title: 'Be trusted',
    text: 'Other members accept the verifications you make, and you can rely on theirs, in person and online.',
  },
] as const;

const USE_CASES = [
  {
    to: '/use-cases/education',
    title: 'Education',
    text: 'Verify students and accept diplomas and transcripts checked by other institutions.',
  },
  {
    to: '/use-cases/healthcare',
    title: 'Healthcare',
    text: 'Confirm patients, practitioners and their professional documents before care begins.',
  },
  {
    to: '/use-cases/online-registration',
    title: 'Online registration',
    text: 'Check identity documents at sign-up and reuse verifications the network already trusts.',
  },
  {
    to: '/use-cases/cross-border-verification',
    title: 'Cross-border verification',
    text: "Accept identity and document checks made in other countries under one framework.",
  },
] as const;

// The figures and their data layer (SWR, the query defaults) load after the
// page: the home page must stay within the first-load budget. They draw with
// the lean system only, so loading them never swaps in the full one and
// restyles the whole page (docs/decisions/015-public-site-data-and-first-load.md).
const LiveFigures = lazy(() => import('./home-figures'));

/** Until the figures' code is here: the same grid, without numbers, so nothing moves. */
function FiguresPlaceholder() {
  return (
    <SimpleGrid as="dl" columns={3} gap={{ base: '4', md: '12' }} flex="1" aria-busy="true">
      {FIGURES.map(({ key, many }) => (
        <Flex key={key} direction="column-reverse">
          <Text as="dt" color="fg.muted" textStyle={{ base: 'xs', sm: 'sm' }}>
            {many}
          </Text>
          <Box as="dd" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" color="fg.subtle" lineHeight="1.1">
            …
          </Box>
        </Flex>
      ))}
    </SimpleGrid>
  );
}

/**
 * Live figures from the public registry (registry_figures). Failing to load
 * them must not spoil the page: the section then says so quietly and offers
 * a retry.
 */
function RegistryFigures() {
  return (
    <Box as="section" aria-labelledby="network-today" borderBottomWidth="1px" borderColor="border.muted">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
        <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '5', md: '10' }} align={{ base: 'flex-start', md: 'center' }}>
          <Flex direction="column" gap="1" minW={{ md: '16rem' }}>
            <Heading as="h2" id="network-today" size="md">
              The network today
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              Live from the{' '}
              <Link asChild variant="underline" color="brand.fg">
                <RouterLink to="/trust-registry">trust registry</RouterLink>
              </Link>
              .
            </Text>
          </Flex>
          <Suspense fallback={<FiguresPlaceholder />}>
            <LiveFigures />
          </Suspense>
        </Flex>
      </Container>
    </Box>
  );
}

function CallsToAction() {
  return (
    <Flex gap="3" wrap="wrap">
      <Button asChild size="lg">
        <RouterLink to="/onboarding">Join the Network</RouterLink>
      </Button>
      <Button asChild size="lg" variant="outline" bg="bg">
        <RouterLink to="/login">Member Login</RouterLink>
      </Button>
    </Flex>
  );
}

export default function HomePage() {
  usePageDescription(
    'Accord is the trust and acceptance network for organisations that need identity and document verification: verify once, and be trusted by every member, in person and online.',
  );
  return (
    <>
      <Box as="section" aria-labelledby="home-title" bgGradient="to-b" gradientFrom="brand.50" gradientTo="bg">
        <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '14', md: '24' }}>
          <Flex direction="column" gap="6" maxW="3xl">
            <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
              The trust and acceptance network
            </Text>
            <Heading
              as="h1"
              id="home-title"
              size={{ base: '4xl', md: '6xl' }}
              lineHeight="1.1"
              letterSpacing="tight"
            >
              Verify once. Be trusted across the network.
            </Heading>
            <Text textStyle={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl">
              Accord is the trust and acceptance network for organisations that need identity and document
              verification. Members follow one trust framework, so a check made by one organisation is accepted by the
              others, in person and online.
            </Text>
            <CallsToAction />
          </Flex>
        </Container>
      </Box>

      <RegistryFigures />

      <Box as="section" aria-labelledby="how-it-works">
        <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }}>
          <Heading as="h2" id="how-it-works" size={{ base: '2xl', md: '3xl' }} mb={{ base: '8', md: '10' }}>
            How it works
          </Heading>
          <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap={{ base: '6', md: '8' }}>
            {STEPS.map((step, index) => (
              <Flex direction="column" as="li" key={step.title} gap="3">
                <Flex
                  aria-hidden="true"
                  boxSize="10"
                  rounded="full"
                  bg="brand.solid"
                  color="brand.contrast"
                  align="center"
                  justify="center"
                  fontWeight="bold"
                >
                  {index + 1}
                </Flex>
                <Heading as="h3" size="lg">
                  {step.title}
                </Heading>
                <Text color="fg.muted">{step.text}</Text>
              </Flex>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="use-cases" bg="bg.subtle" borderYWidth="1px" borderColor="border.muted">
        <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }}>
          <Heading as="h2" id="use-cases" size={{ base: '2xl', md: '3xl' }} mb="3">
            Where Accord helps
          </Heading>
          <Text color="fg.muted" mb={{ base: '8', md: '10' }} maxW="2xl">
            Any organisation that needs to know a person or a document is genuine before acting on it.
          </Text>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
            {USE_CASES.map((useCase) => (
              <LinkBox
                as="li"
                key={useCase.to}
                bg="bg"
                borderWidth="1px"
                borderColor="border.muted"
                rounded="l3"
                p="6"
                transition="colors"
                _hover={{ borderColor: 'brand.emphasized', shadow: 'sm' }}
                _focusWithin={{ borderColor: 'brand.focusRing' }}
              >
                <Flex direction="column" gap="3" h="full">
                  <Heading as="h3" size="md">
                    <LinkOverlay asChild>
                      <RouterLink to={useCase.to}>{useCase.title}</RouterLink>
                    </LinkOverlay>
                  </Heading>
                  <Text color="fg.muted" textStyle="sm" flex="1">
                    {useCase.text}
                  </Text>
                  <Flex align="center" gap="1" color="brand.fg" textStyle="sm" fontWeight="medium" aria-hidden="true">
                    Learn more <ArrowRightIcon boxSize="4" />
                  </Flex>
                </Flex>
              </LinkBox>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="join">
        <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }}>
          <Flex
            direction={{ base: 'column', md: 'row' }}
            align={{ base: 'flex-start', md: 'center' }}
            justify="space-between"
            gap="6"
            bg="brand.900"
            color="white"
            rounded="l3"
            p={{ base: '6', md: '10' }}
          >
            <Flex direction="column" gap="2" maxW="2xl">
              <Heading as="h2" id="join" size={{ base: 'xl', md: '2xl' }}>
                Bring your organisation into the network
              </Heading>
              <Text color="brand.100">
                Apply online today. Already a member? Sign in to your dashboard.
              </Text>
            </Flex>
            <Flex gap="3" wrap="wrap">
              <Button asChild size="lg" bg="white" color="brand.900" _hover={{ bg: 'brand.50' }}>
                <RouterLink to="/onboarding">Join the Network</RouterLink>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.600"
                _hover={{ bg: 'whiteAlpha.200' }}
              >
                <RouterLink to="/login">Member Login</RouterLink>
              </Button>
            </Flex>
          </Flex>
        </Container>
      </Box>
    </>
  );
}
