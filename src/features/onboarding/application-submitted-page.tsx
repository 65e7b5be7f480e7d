import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';

import { CheckCircleIcon } from '../../components/status-icons';

const NEXT_STEPS = [
  ['We check your documents', 'A reviewer compares your proof of registration with the company register, usually within two working days.'],
  ['We may ask for changes', 'If something is missing we e-mail you, and you answer on your application page. Nothing you sent is lost.'],
  ['You hear our decision', 'We e-mail you when the application is approved or, if not, why. Approved organisations appear in the public trust registry.'],
] as const;

/** After Submit: what happens next, and where to follow it. */
export default function ApplicationSubmittedPage() {
  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }} px={{ base: '4', md: '6' }}>
      <Stack gap="8">
        <Stack gap="4">
          <CheckCircleIcon boxSize="12" color="brand.solid" aria-hidden="true" />
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            Application submitted
          </Heading>
          <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="60ch">
            Thank you: your organisation's application to join Accord has been received. We review every application against
            the trust framework.
          </Text>
        </Stack>
        <Box as="section" aria-labelledby="next-steps">
          <Heading as="h2" size="lg" id="next-steps" mb="4">
            What happens next
          </Heading>
          <Stack as="ol" gap="4" listStyleType="none" p="0" m="0">
            {NEXT_STEPS.map(([title, body], index) => (
              <Stack as="li" key={title} direction="row" gap="4" align="flex-start">
                <Box
                  flexShrink={0}
                  boxSize="8"
                  borderRadius="full"
                  bg="brand.subtle"
                  color="brand.fg"
                  fontWeight="bold"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  aria-hidden="true"
                >
                  {index + 1}
                </Box>
                <Box>
                  <Text fontWeight="semibold">{title}</Text>
                  <Text color="fg.muted">{body}</Text>
                </Box>
              </Stack>
            ))}
          </Stack>
        </Box>
        {/* A full page load, so the session learns about the new application and the guard lets them in. */}
        <Button asChild size="lg" alignSelf={{ sm: 'flex-start' }}>
          <a href="/application-pending">Follow your application</a>
        </Button>
      </Stack>
    </Container>
  );
}
