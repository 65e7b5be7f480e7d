import { Alert, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { NEXT_PARAM, safeInternalPath } from '../../../machines/access';
import type { MagicLinkAudience } from '../../../machines/magic-link.machine';
import { useEnabledProviders, type AuthProvider } from '../../data/auth/auth-providers';
import { signInWithProvider } from '../../data/auth/sign-in-with-provider';
import type { AccordClient } from '../../data/client';
import { toDataError } from '../../data/errors';
import { loadClient } from '../../data/load-client';

export interface ProviderSignInProps {
  audience: MagicLinkAudience;
  client?: AccordClient;
  /** The enabled providers (GET /auth/v1/settings); tests pass their own. */
  loadProviders?: () => Promise<AuthProvider[]>;
}

/**
 * "or" and a button per external provider the auth service has turned on
 * (decision 042), under the magic-link form. Nothing at all while they load,
 * when none is on, or when the settings cannot be read: the magic link always
 * works, so the screen never waits for this.
 */
export function ProviderSignIn({ audience, client, loadProviders }: ProviderSignInProps) {
  const providers = useEnabledProviders(loadProviders);
  const [searchParams] = useSearchParams();
  const [starting, setStarting] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (providers.status !== 'ready' || providers.providers.length === 0) return null;

  const start = async (provider: string) => {
    setStarting(provider);
    setFailure(null);
    try {
      await signInWithProvider(client ?? (await loadClient()), {
        provider,
        redirectTo: `${window.location.origin}/auth/callback`,
        type: audience === 'admin' ? 'admin_magiclink' : undefined,
        next: safeInternalPath(searchParams.get(NEXT_PARAM)) ?? undefined,
      });
      // Still here: the browser is on its way to the provider.
    } catch (error) {
      setFailure(toDataError(error).message);
      setStarting(null);
    }
  };

  return (
    <Stack gap="4" mt="5">
      <Flex align="center" gap="3" aria-hidden="true">
        <Box flex="1" borderTopWidth="1px" borderColor="border.muted" />
        <Text textStyle="sm" color="fg.muted">
          or
        </Text>
        <Box flex="1" borderTopWidth="1px" borderColor="border.muted" />
      </Flex>
      {failure ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>We couldn't start signing you in</Alert.Title>
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Box role="group" aria-label="Sign in with another account">
        <Stack gap="3">
          {providers.providers.map((provider) => (
            <Button
              key={provider.name}
              variant="outline"
              size="lg"
              width="full"
              // A long provider name wraps inside the button on a narrow screen instead of spilling out.
              whiteSpace="normal"
              height="auto"
              minH="11"
              py="2"
              loading={starting === provider.name}
              loadingText="Opening…"
              disabled={starting !== null && starting !== provider.name}
              onClick={() => void start(provider.name)}
            >
              Sign in with {provider.label}
            </Button>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
