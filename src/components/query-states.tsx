import { Alert, Box, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The three states every list in the app shows besides its data, so they look
 * and sound the same everywhere: loading (announced politely), failed (with
 * the reason and a retry), and empty (with what to do next).
 */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="10" role="status" aria-live="polite" gap="3" color="fg.muted">
      <Spinner size="md" color="brand.solid" aria-hidden="true" />
      <Text>{label}</Text>
    </Center>
  );
}

export function ErrorState({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error" role="alert" borderRadius="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
        Try again
      </Button>
    </Alert.Root>
  );
}

export function EmptyMessage({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Stack align="center" textAlign="center" gap="2" py="10" px="4" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
      {icon ? <Box color="fg.muted">{icon}</Box> : null}
      <Text fontWeight="semibold">{title}</Text>
      {children ? <Text color="fg.muted" maxW="45ch">{children}</Text> : null}
    </Stack>
  );
}
