import { Box, Button, Card, Container, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { useSessionFacts } from '../../session/session-context';
import { ArrowRightIcon } from '../../components/icons';
import { usePageDescription } from '../../components/page-meta';
import { INVESTOR_SIGN_IN_PATH, REVIEW_TIME } from './investor-copy';

const DRIVERS = [
  {
    title: 'European digital identity',
    text: 'eIDAS 2 (Regulation (EU) 2024/1183) requires every EU member state to offer its citizens a European Digital Identity Wallet, and many regulated services will have to accept it. Organisations need to know whom they can rely on when a credential is presented.',
  },
  {
    title: 'Anti-money-laundering rules',
    text: 'Banks, payment firms, estate agents, lawyers and accountants must identify their customers and verify them against reliable documents before doing business. The EU’s single rulebook (Regulation (EU) 2024/1624) applies from July 2027 and raises the bar for how those checks are made and recorded.',
  },
  {
    title: 'Right to work and right to rent',
    text: 'UK employers must check a person’s right to work before employment starts, and landlords in England must check a tenant’s right to rent. Digital checks made by certified identity service providers under the UK digital identity and attributes trust framework are accepted for both.',
  },
  {
    title: 'Every sector checks, again and again',
    text: 'Universities verify students at enrolment and at exams, clinics verify patients and practitioners, travel firms check passports, recruiters check candidates. Today each does it alone, and a person proves the same facts many times.',
  },
] as const;

const MODEL = [
  {
    title: 'Members apply and are reviewed',
    text: 'An organisation applies, is checked against the trust framework by the Accord team and, once approved, is listed in the public trust registry with its status and the date it took effect.',
  },
  {
    title: 'Members accept each other’s checks',
    text: 'Because every member follows the same framework, a verification made by one member can be accepted by the others. Each organisation that joins makes membership more useful to all the rest.',
  },
  {
    title: 'Membership is the business',
    text: 'Members pay a yearly membership plan by the size of their organisation. The registry stays free and open to query, so anyone can see who is trusted.',
  },
] as const;

const LITE_CONTENTS = [
  'Company updates from the founders, as they are sent',
  'Key figures: members, sectors and countries, verification volumes',
  'Quarterly reports and board summaries',
  'Product and regulatory milestones',
] as const;

const DATA_ROOM_CONTENTS = [
  'Everything in the lite dashboard',
  'Financial statements, budget and forecast',
  'Capitalisation table and previous rounds',
  'Material contracts and legal documents',
  'Security and data-protection assessments',
] as const;

function Section({ id, title, intro, children, tinted = false }: { id: string; title: string; intro?: ReactNode; children: ReactNode; tinted?: boolean }) {
  return (
    <Box as="section" aria-labelledby={id} bg={tinted ? 'bg.subtle' : undefined}>
      <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '16' }}>
        <Stack gap="8">
          <Stack gap="3" maxW="3xl">
            <Heading as="h2" id={id} size={{ base: '2xl', md: '3xl' }}>
              {title}
            </Heading>
            {intro ? (
              <Text color="fg.muted" textStyle={{ base: 'md', md: 'lg' }}>
                {intro}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

function Bullets({ items }: { items: readonly string[] }) {
  return (
    <Stack as="ul" gap="2" ps="5" listStyleType="disc" m="0">
      {items.map((item) => (
        <Text as="li" key={item}>
          {item}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The calls to action. An investor who is already signed in goes to their
 * dashboard; everyone else is offered the request form. The session is the one
 * the nav bar already reads, so this costs no request.
 */
function InvestorActions({ offerSignIn = false }: { offerSignIn?: boolean }) {
  const facts = useSessionFacts();
  const level = facts.status === 'signedIn' ? facts.investorLevel : null;
  const actions = (
    <Flex gap="3" wrap="wrap">
      {level ? (
        <>
          <Button asChild size="lg">
            <RouterLink to="/investor/dashboard">Go to your investor dashboard</RouterLink>
          </Button>
          {level === 'data_room' ? (
            <Button asChild size="lg" variant="outline" bg="bg">
              <RouterLink to="/investor/data-room">Open the data room</RouterLink>
            </Button>
          ) : null}
        </>
      ) : (
        <>
          <Button asChild size="lg">
            <RouterLink to="/investors/access">
              Request investor access <ArrowRightIcon />
            </RouterLink>
          </Button>
          <Button asChild size="lg" variant="outline" bg="bg">
            <RouterLink to="/trust-registry">See who is in the registry</RouterLink>
          </Button>
        </>
      )}
    </Flex>
  );
  if (!offerSignIn || facts.status === 'signedIn') return actions;
  return (
    <Stack gap="4">
      {actions}
      <Text textStyle="sm" color="fg.muted">
        Already have access?{' '}
        <Link asChild variant="underline" color="brand.fg">
          <RouterLink to={INVESTOR_SIGN_IN_PATH}>Sign in to the investor dashboard</RouterLink>
        </Link>
      </Text>
    </Stack>
  );
}

export default function InvestorsPage() {
  usePageDescription(
    'Why Accord, the trust and acceptance network for identity and document verification, is worth investing in: the market, the model, and how investors get access to updates and the data room.',
  );
  return (
    <>
      <Box as="section" aria-labelledby="investors-title" bgGradient="to-b" gradientFrom="brand.50" gradientTo="bg">
        <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '14', md: '20' }}>
          <Stack gap="6" maxW="3xl">
            <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
              Investors
            </Text>
            <Heading as="h1" id="investors-title" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1" letterSpacing="tight">
              The trust layer for identity and document verification
            </Heading>
            <Text textStyle={{ base: 'lg', md: 'xl' }} color="fg.muted">
              Accord is the trust and acceptance network for organisations that must verify who people are and that their
              documents are genuine. Members follow one trust framework, so a check made by one of them can be accepted by
              the others, in person and online.
            </Text>
            <InvestorActions />
          </Stack>
        </Container>
      </Box>

      <Section
        id="market"
        title="The market: organisations that must verify"
        intro="Verifying identities and documents is not optional for a growing number of organisations. Regulation decides that they must check; it rarely helps them trust each other’s checks."
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {DRIVERS.map((driver) => (
            <Card.Root key={driver.title} variant="outline" bg="bg">
              <Card.Body gap="2">
                <Heading as="h3" size="md">
                  {driver.title}
                </Heading>
                <Text color="fg.muted">{driver.text}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Section>

      <Section
        id="model"
        tinted
        title="How the network works"
        intro={
          <>
            Accord does not replace the verification providers organisations already use. It is the layer above them: who
            is trusted, under which rules, and since when. The rules are public in the{' '}
            <Link asChild variant="underline" color="brand.fg">
              <RouterLink to="/framework">trust framework</RouterLink>
            </Link>
            .
          </>
        }
      >
        <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="5" listStyleType="none" m="0" p="0">
          {MODEL.map((step, index) => (
            <Stack as="li" key={step.title} gap="2" bg="bg" borderRadius="lg" borderWidth="1px" borderColor="border.muted" p="5">
              <Text color="brand.fg" fontWeight="semibold" textStyle="sm">
                {index + 1}
              </Text>
              <Heading as="h3" size="md">
                {step.title}
              </Heading>
              <Text color="fg.muted">{step.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Text color="fg.muted">
          Plans and prices are public on the{' '}
          <Link asChild variant="underline" color="brand.fg">
            <RouterLink to="/pricing">pricing page</RouterLink>
          </Link>
          .
        </Text>
      </Section>

      <Section
        id="traction"
        title="Traction you can check"
        intro="We do not publish financial figures on this page: they belong in context, with the reports that explain them, in the investor area. What is public, you can verify yourself."
      >
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          <TractionLink to="/trust-registry" title="The trust registry">
            Every approved member, with its sector, country, status and the date it joined. Count them yourself.
          </TractionLink>
          <TractionLink to="/news" title="Updates">
            What the network has shipped and decided, dated, as it happened.
          </TractionLink>
          <TractionLink to="/ecosystem" title="Ecosystem solutions">
            The verification products and platforms that already work with the network.
          </TractionLink>
        </SimpleGrid>
      </Section>

      <Section
        id="investor-area"
        tinted
        title="What investors see"
        intro="Access is granted to each investor individually, at one of two levels."
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Card.Root variant="outline" bg="bg">
            <Card.Body gap="3">
              <Heading as="h3" size="lg">
                Lite dashboard
              </Heading>
              <Text color="fg.muted">For investors following the company.</Text>
              <Bullets items={LITE_CONTENTS} />
            </Card.Body>
          </Card.Root>
          <Card.Root variant="outline" bg="bg">
            <Card.Body gap="3">
              <Heading as="h3" size="lg">
                Data room
              </Heading>
              <Text color="fg.muted">For investors in active discussions or due diligence.</Text>
              <Bullets items={DATA_ROOM_CONTENTS} />
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      </Section>

      <Section
        id="access"
        title="How to get access"
        intro={`Send us a short request. A person on the Accord team reviews it, usually within ${REVIEW_TIME}. If access is granted, you receive an e-mail with a sign-in link to the investor dashboard, at the level agreed with you: there is no password to set up.`}
      >
        <InvestorActions offerSignIn />
      </Section>
    </>
  );
}

function TractionLink({ to, title, children }: { to: string; title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body gap="2">
        <Heading as="h3" size="md">
          <Link asChild variant="underline" color="brand.fg">
            <RouterLink to={to}>{title}</RouterLink>
          </Link>
        </Heading>
        <Text color="fg.muted">{children}</Text>
      </Card.Body>
    </Card.Root>
  );
}
