import { Badge, Box, Button, Card, Container, Flex, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { memo, useDeferredValue } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { CONTACT_EMAIL, ContactLink } from '../../components/contact-link';
import { formatCount, formatEuro, formatPrice } from '../../components/formats';
import { usePageDescription } from '../../components/page-meta';
import { EmptyMessage, ErrorState } from '../../components/query-states';
import type { PricingPlan } from '../../data/content/types';
import { usePricingPlans } from '../../data/content/list-pricing-plans';
import { CheckIcon } from './content-icons';
import { CardSkeletons } from './content-skeletons';

const ENTERPRISE_MAIL = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Accord membership: a plan for our organisation')}`;

const FAQ = [
  {
    question: 'What counts as a verification?',
    answer:
      "One check of one person's identity, or of one document, that your organisation records through the network or accepts from another member. Looking an organisation up in the trust registry is free and never counts.",
  },
  {
    question: 'When do we start paying?',
    answer:
      'Only once your application is approved and your organisation is listed in the trust registry. Applying is free; you confirm your plan with us after approval.',
  },
  {
    question: 'What happens if we make more verifications than our plan includes?',
    answer:
      "Each additional verification is billed at your plan's rate at the end of the month. We never stop verifications mid-month, and if you regularly go over, we will suggest the plan that costs you less.",
  },
  {
    question: 'Can we change plans?',
    answer: 'Yes. Moving to a larger plan takes effect at once and is charged pro rata; moving to a smaller one takes effect at the start of the next month.',
  },
  {
    question: 'Are prices shown with VAT?',
    answer:
      "No. Every price is shown excluding VAT, in the currency and for the billing period written beside it. Organisations in the EU with a VAT number are invoiced under the reverse-charge rules; others are charged VAT at their country's rate.",
  },
  {
    question: 'How are we invoiced?',
    answer: 'Monthly, by e-mail, payable by SEPA transfer or direct debit within 30 days. Annual invoicing is available on the larger plans.',
  },
  {
    question: 'Do schools, universities and charities pay less?',
    answer: 'Yes. Public schools, universities and registered charities receive 20% off the Essentials and Professional plans. Mention it in your application.',
  },
] as const;

const isOnRequest = (plan: PricingPlan) => plan.price === null;

function priceText(plan: PricingPlan): string {
  return plan.price === null ? 'On request' : `${formatPrice(plan.price, plan.currency)} a ${plan.billingPeriod}`;
}

function includedText(plan: PricingPlan): string {
  return plan.includedVerifications === null ? 'Agreed with you' : formatCount(plan.includedVerifications);
}

function additionalText(plan: PricingPlan): string {
  return plan.additionalVerificationEur === null ? 'Agreed with you' : formatEuro(plan.additionalVerificationEur);
}

function PlanCard({ plan }: { plan: PricingPlan }) {
  const headingId = `plan-${plan.slug}`;
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      borderRadius="xl"
      borderWidth={plan.isFeatured ? '2px' : '1px'}
      borderColor={plan.isFeatured ? 'brand.solid' : 'border'}
      position="relative"
    >
      <Card.Header gap="2">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" id={headingId} size="xl">
            {plan.name}
          </Heading>
          {plan.isFeatured ? (
            <Badge colorPalette="brand" variant="solid">
              Most chosen
            </Badge>
          ) : null}
        </Flex>
        <Text color="fg.muted" textStyle="sm">
          {plan.summary}
        </Text>
      </Card.Header>
      <Card.Body gap="5">
        <Stack gap="1">
          {isOnRequest(plan) ? (
            <Text fontSize="3xl" fontWeight="bold" lineHeight="1.2">
              On request
            </Text>
          ) : (
            <Text lineHeight="1.2">
              <Text as="span" fontSize="3xl" fontWeight="bold">
                {formatPrice(plan.price ?? 0, plan.currency)}
              </Text>{' '}
              <Text as="span" color="fg.muted">
                per {plan.billingPeriod}
              </Text>
            </Text>
          )}
          <Text textStyle="sm" color="fg.muted">
            {plan.includedVerifications === null
              ? 'Volume and price agreed with you'
              : `${formatCount(plan.includedVerifications)} verifications a month included`}
            {plan.additionalVerificationEur === null ? '' : `, then ${formatEuro(plan.additionalVerificationEur)} each`}
          </Text>
        </Stack>
        <Stack as="ul" gap="2.5" listStyleType="none" aria-label={`${plan.name} includes`}>
          {plan.features.map((feature) => (
            <Flex as="li" key={feature} gap="2" align="flex-start" textStyle="sm">
              <CheckIcon color="brand.fg" boxSize="4.5" mt="0.5" flexShrink={0} />
              <span>{feature}</span>
            </Flex>
          ))}
        </Stack>
        <Text textStyle="sm" color="fg.muted">
          Support: {plan.support}
        </Text>
      </Card.Body>
      <Card.Footer>
        {isOnRequest(plan) ? (
          <Button asChild w="full" variant="outline">
            <a href={ENTERPRISE_MAIL} aria-label={`Contact us about ${plan.name}`}>
              Contact us
            </a>
          </Button>
        ) : (
          <Button asChild w="full" variant={plan.isFeatured ? 'solid' : 'outline'}>
            <RouterLink to="/onboarding">Apply for {plan.name}</RouterLink>
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
}

function Comparison({ plans }: { plans: PricingPlan[] }) {
  const rows: { label: string; value: (plan: PricingPlan) => string }[] = [
    { label: 'Price, excluding VAT', value: priceText },
    { label: 'Verifications included each month', value: includedText },
    { label: 'Each additional verification', value: additionalText },
    { label: 'Support', value: (plan) => plan.support },
  ];
  return (
    <Box as="section" aria-labelledby="compare-plans">
      <Heading as="h2" id="compare-plans" size={{ base: 'xl', md: '2xl' }} mb="2">
        Compare plans
      </Heading>
      <Text color="fg.muted" mb={{ base: '2', md: '6' }} maxW="2xl">
        Every plan includes membership of the network, a listing in the public trust registry and acceptance of other
        members&apos; verifications.
      </Text>
      <Text hideFrom="lg" textStyle="sm" color="fg.muted" mb="4">
        Scroll the table sideways to see every plan.
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="lg" tabIndex={0} role="region" aria-labelledby="compare-plans">
        <Table.Root size="md" minW="640px" css={{ '& th, & td': { whiteSpace: 'normal', verticalAlign: 'top' } }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col" w="20%">
                <Text srOnly>Plan detail</Text>
              </Table.ColumnHeader>
              {plans.map((plan) => (
                <Table.ColumnHeader key={plan.id} scope="col" fontWeight="semibold" color="fg" w={`${80 / plans.length}%`}>
                  {plan.name}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.label}>
                <Table.Cell as="th" scope="row" fontWeight="medium" color="fg.muted">
                  {row.label}
                </Table.Cell>
                {plans.map((plan) => (
                  <Table.Cell key={plan.id}>{row.value(plan)}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

const PLAN_LIST_GAP = { base: '12', md: '16' };
const PLAN_COLUMNS = { base: 1, md: 2, xl: 4 };
/**
 * Space kept for the plans and their comparison table while they load, as
 * tall as the four published plans draw (measured in Chromium at 412 and
 * 1280 px wide), so the questions below do not jump down when they arrive
 * (Lighthouse measured a layout shift of 0.25 on this page; issue 29).
 */
const PLAN_CARD_MIN_H = { base: '34.5rem', xl: '41.5rem' };
const COMPARISON_MIN_H = { base: '37.75rem', xl: '23.5rem' };

const PlanList = memo(function PlanList({ plans }: { plans: PricingPlan[] }) {
  return (
    <Stack gap={PLAN_LIST_GAP}>
      <SimpleGrid columns={{ ...PLAN_COLUMNS, xl: Math.min(plans.length, 4) }} gap="6" alignItems="stretch">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </SimpleGrid>
      <Comparison plans={plans} />
    </Stack>
  );
});

/**
 * The plans arrive after the page is drawn; they are drawn through
 * useDeferredValue so React renders the cards and the table in slices between
 * which the page still answers input, not in one block that holds a phone's
 * main thread for ~150 ms.
 */
function Plans() {
  const { data: latest, error, mutate } = usePricingPlans();
  const plans = useDeferredValue(latest);
  if (error && !plans) {
    return <ErrorState title="The plans could not be loaded" message={(error as Error).message} onRetry={() => void mutate()} />;
  }
  if (!plans) {
    return (
      <Stack gap={PLAN_LIST_GAP}>
        <CardSkeletons count={4} label="Loading the plans…" columns={PLAN_COLUMNS} cardMinH={PLAN_CARD_MIN_H} />
        <Box minH={COMPARISON_MIN_H} aria-hidden="true" />
      </Stack>
    );
  }
  if (plans.length === 0) {
    return (
      <EmptyMessage title="No plans are published at the moment">
        Write to <ContactLink /> and we will send you our current prices.
      </EmptyMessage>
    );
  }
  return <PlanList plans={plans} />;
}

function Faq() {
  return (
    <Box as="section" aria-labelledby="pricing-faq">
      <Heading as="h2" id="pricing-faq" size={{ base: 'xl', md: '2xl' }} mb="6">
        Frequently asked questions
      </Heading>
      <Stack gap="3" maxW="3xl">
        {FAQ.map((item) => (
          <Box
            as="details"
            key={item.question}
            borderWidth="1px"
            borderRadius="lg"
            px="5"
            py="4"
            css={{ '&[open] > summary': { marginBottom: '2' } }}
          >
            <Box as="summary" cursor="pointer" fontWeight="semibold" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}>
              {item.question}
            </Box>
            <Text color="fg.muted">{item.answer}</Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

export default function PricingPage() {
  usePageDescription(
    'Accord membership plans for organisations that need identity and document verification: monthly prices in euros by verification volume, what each plan includes, and answers to common questions.',
  );
  return (
    <>
      <Box as="section" aria-labelledby="pricing-title" bgGradient="to-b" gradientFrom="brand.50" gradientTo="bg">
        <Container maxW="7xl" px={{ base: '4', md: '6' }} pt={{ base: '12', md: '20' }} pb={{ base: '8', md: '12' }}>
          <Stack gap="4" maxW="3xl">
            <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
              Membership
            </Text>
            <Heading as="h1" id="pricing-title" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15" letterSpacing="tight">
              Pricing
            </Heading>
            <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted">
              Choose a plan by the number of verifications your organisation makes each month. Every plan includes
              membership of the network, a listing in the trust registry and acceptance of the checks other members make.
              Prices exclude VAT; you pay nothing until your application is approved.
            </Text>
          </Stack>
        </Container>
      </Box>

      <Container maxW="7xl" px={{ base: '4', md: '6' }} pb={{ base: '12', md: '20' }}>
        <Stack gap={{ base: '12', md: '20' }}>
          <Plans />
          <Faq />
          <Box as="section" aria-labelledby="pricing-next" bg="bg.subtle" borderRadius="2xl" p={{ base: '6', md: '10' }}>
            <Heading as="h2" id="pricing-next" size={{ base: 'xl', md: '2xl' }} mb="3">
              Not sure which plan fits?
            </Heading>
            <Text color="fg.muted" mb="6" maxW="2xl">
              Tell us roughly how many identities and documents you verify each month, and we will suggest the plan that
              costs you least. Write to <ContactLink /> or start your application now.
            </Text>
            <Flex gap="3" wrap="wrap">
              <Button asChild size="lg">
                <RouterLink to="/onboarding">Join the Network</RouterLink>
              </Button>
              <Button asChild size="lg" variant="outline" bg="bg">
                <a href={ENTERPRISE_MAIL}>E-mail us</a>
              </Button>
            </Flex>
          </Box>
        </Stack>
      </Container>
    </>
  );
}
