import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

import type { IdentityLinkQuestion as Question } from './use-sign-in-callback';

// Addresses and provider names have no spaces to break at: let them break anywhere rather than run off a 360 px screen.
const wrap = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

/**
 * Before a provider's identity joins an account (decision 067): which
 * account, by its address, and the person's yes. Only the browser that
 * started the link gets here; nothing is linked until "Link".
 */
export function IdentityLinkQuestion({ question, onLink, onCancel }: { question: Question; onLink: () => void; onCancel: () => void }) {
  // The question replaces the progress screen: keyboard and screen-reader users start at it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { providerLabel, email } = question;
  return (
    <Stack as="section" aria-labelledby="identity-link-question" aria-describedby="identity-link-account" gap="5" textAlign="center" align="center">
      <Heading as="h1" id="identity-link-question" size={{ base: 'xl', md: '2xl' }} ref={heading} tabIndex={-1} outline="none" css={wrap}>
        {`Link ${providerLabel} to your Accord account?`}
      </Heading>
      <Text id="identity-link-account" textStyle="lg" css={wrap}>
        {`${providerLabel} will be linked to the Accord account ${email}. After that, signing in with ${providerLabel} opens this account.`}
      </Text>
      <Text color="fg.muted" maxW="md">
        If you did not ask for this just now from your account settings, choose Cancel: nothing will be linked.
      </Text>
      {/* One above the other at every width: the labels carry names of any length. */}
      <Stack direction="column" gap="3" width="full" maxW="md">
        <Button size="lg" height="auto" minH="11" py="2" whiteSpace="normal" css={wrap} onClick={onLink}>
          {`Link ${providerLabel}`}
        </Button>
        <Button size="lg" variant="outline" height="auto" minH="11" py="2" whiteSpace="normal" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
