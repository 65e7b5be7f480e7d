import { Button, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <Flex direction="column" gap="5" align="flex-start">
        <Text color="brand.fg" fontWeight="semibold" textStyle="sm">
          Error 404
        </Text>
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          Page Not Found
        </Heading>
        <Text color="fg.muted" textStyle="lg">
          The page you are looking for does not exist or has moved. Check the address, or start again from the home
          page.
        </Text>
        <Button asChild size="lg" mt="2">
          <RouterLink to="/">Return to Home</RouterLink>
        </Button>
      </Flex>
    </Container>
  );
}
