import { Box, Code, Container, Flex, Heading, Text } from '@chakra-ui/react';

/**
 * Shown instead of the app when the backend is not configured, so a fresh
 * checkout explains itself rather than rendering a blank page.
 */
export function ConfigErrorScreen({ message }: { message: string }) {
  return (
    <Container as="main" maxW="2xl" py={{ base: '12', md: '20' }}>
      <Flex direction="column" gap="5">
        <Heading as="h1" size="2xl">
          Accord cannot start
        </Heading>
        <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" color="fg.error" rounded="l2" p="4">
          <Text fontWeight="medium">{message}</Text>
        </Box>
        <Text color="fg.muted">
          The values live in <Code>.env</Code> at the root of the project. Vite reads them when the dev server starts,
          so restart it after editing the file.
        </Text>
      </Flex>
    </Container>
  );
}
