import { Box, Card, Container, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { usePageDescription } from '../../components/page-meta';
import { InvestorAccessForm } from './investor-access-form';
import { INVESTOR_SIGN_IN_PATH, REVIEW_TIME } from './investor-copy';

const STEPS = [
  {
    title: 'You send the form',
    text: 'Tell us who you are and how you invest. It takes a minute.',
  },
  {
    title: 'A person reviews it',
    text: `Someone on the Accord team reads every request, usually within ${REVIEW_TIME}.`,
  },
  {
    title: 'You get a sign-in link',
    text: 'If access is granted, we e-mail you a link that opens the investor dashboard, or the data room as well.',
  },
] as const;

export default function InvestorAccessPage() {
  usePageDescription(
    'Request access to Accord’s investor area: company updates, key figures and, for investors in active discussions, the data room. Every request is reviewed by a person.',
  );
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Stack gap={{ base: '8', md: '10' }}>
        <Stack gap="4" maxW="3xl">
          <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
            Investor relations
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.15">
            Request investor access
          </Heading>
          <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted">
            Accord shares company updates, key figures and reports with investors, and opens a data room to those in active
            discussions. Tell us who you are and we will set up the right access for you.
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, lg: 12 }} gap={{ base: '8', lg: '10' }} alignItems="start">
          <Card.Root variant="outline" bg="bg" gridColumn={{ lg: 'span 7' }}>
            <Card.Body p={{ base: '5', md: '8' }}>
              <InvestorAccessForm />
            </Card.Body>
          </Card.Root>
          <Box as="aside" aria-labelledby="what-happens-next" gridColumn={{ lg: 'span 5' }}>
            <Stack gap="5" bg="bg.subtle" borderRadius="lg" p={{ base: '5', md: '6' }}>
              <Heading as="h2" id="what-happens-next" size="md">
                What happens next
              </Heading>
              <Stack as="ol" gap="4" listStyleType="none" m="0" p="0">
                {STEPS.map((step, index) => (
                  <Flex as="li" key={step.title} gap="3">
                    <Flex
                      flexShrink={0}
                      boxSize="7"
                      align="center"
                      justify="center"
                      borderRadius="full"
                      bg="brand.solid"
                      color="brand.contrast"
                      fontWeight="semibold"
                      textStyle="sm"
                      aria-hidden="true"
                    >
                      {index + 1}
                    </Flex>
                    <Stack gap="0.5">
                      <Text fontWeight="semibold">{step.title}</Text>
                      <Text textStyle="sm" color="fg.muted">
                        {step.text}
                      </Text>
                    </Stack>
                  </Flex>
                ))}
              </Stack>
              <Text textStyle="sm" color="fg.muted" borderTopWidth="1px" borderColor="border.muted" pt="4">
                Already have access?{' '}
                <Link asChild variant="underline" color="brand.fg">
                  <RouterLink to={INVESTOR_SIGN_IN_PATH}>Sign in to the investor dashboard</RouterLink>
                </Link>
              </Text>
            </Stack>
          </Box>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
