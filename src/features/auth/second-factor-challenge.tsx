import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, type FormEvent } from 'react';

import { OneTimeCodeField, useOneTimeCode } from '../../components/one-time-code-field';

export const CHALLENGE_TITLE = 'Enter your authentication code';
export interface SecondFactorChallengeProps {
  /** A code is being checked. */
  verifying: boolean;
  /** The server's refusal of the last code, as a sentence. */
  error: string | null;
  /** Signing out after "Cancel and sign out". */
  cancelling: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/**
 * The challenge for a second factor (decision 041), at sign-in and on a page
 * that needs aal2: one field, the code checked by whoever shows it. After a
 * wrong code the field keeps (or regains) the focus with its contents
 * selected, so the next code simply replaces it.
 */
export function SecondFactorChallenge({ verifying, error, cancelling, onSubmit, onCancel }: SecondFactorChallengeProps) {
  const entry = useOneTimeCode();
  const shown = entry.shapeError ?? error;

  useEffect(() => {
    if (shown === null) return;
    entry.input.current?.focus();
    entry.input.current?.select();
  }, [shown, entry.input]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = entry.take();
    if (digits !== null) onSubmit(digits);
  };

  const busy = verifying || cancelling;
  return (
    <Stack as="section" aria-labelledby="second-factor-title" gap="5" maxW="md" mx="auto" width="full">
      <Stack gap="2">
        <Heading as="h1" id="second-factor-title" size={{ base: 'xl', md: '2xl' }}>
          {CHALLENGE_TITLE}
        </Heading>
        <Text color="fg.muted">
          Your account is protected with two-factor authentication. Open your authenticator app and enter the code it shows
          for Accord.
        </Text>
      </Stack>
      <form noValidate onSubmit={submit} aria-label="Two-factor authentication">
        <Stack gap="4">
          <OneTimeCodeField
            value={entry.code}
            onChange={entry.change}
            error={shown}
            hint="The code changes every 30 seconds."
            inputRef={entry.input}
            autoFocus
          />
          <Button type="submit" size="lg" width="full" loading={verifying} loadingText="Checking…" disabled={busy}>
            Verify
          </Button>
        </Stack>
      </form>
      <Button variant="ghost" onClick={onCancel} loading={cancelling} loadingText="Signing out…" disabled={busy}>
        Cancel and sign out
      </Button>
    </Stack>
  );
}
