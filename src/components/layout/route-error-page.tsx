import { Button, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

import { NotFoundPage } from './not-found-page';

/** A lazily loaded page whose file no longer exists on the server, typically after a new release. */
function isStaleBundleError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const stale = isStaleBundleError(error);
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <Flex direction="column" gap="5" align="flex-start" role="alert">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {stale ? 'Accord has been updated' : 'Something went wrong'}
        </Heading>
        <Text color="fg.muted" textStyle="lg">
          {stale
            ? 'A new version of Accord is available. Reload the page to continue.'
            : 'An unexpected error stopped this page from loading. Reload the page, or go back to the home page.'}
        </Text>
        <Flex gap="3" wrap="wrap">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <Button asChild variant="outline">
            <a href="/">Return to Home</a>
          </Button>
        </Flex>
      </Flex>
    </Container>
  );
}
