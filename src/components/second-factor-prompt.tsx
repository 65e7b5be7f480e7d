import { Alert, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export const SECOND_FACTOR_PROMPT_TITLE = 'Protect the back office with two-factor authentication';

export interface SecondFactorPromptProps {
  /** Where the person sets up an authenticator app: their settings' two-factor section. */
  settingsPath: string;
}

/**
 * Above every back-office page while a system administrator has no verified
 * second factor (decision 041). Persistent on purpose: it stays until they
 * have one, and is not a live region, so it is not read out again on every page.
 */
export function SecondFactorPrompt({ settingsPath }: SecondFactorPromptProps) {
  return (
    <Alert.Root status="warning" role="region" aria-label="Two-factor authentication" data-testid="second-factor-prompt">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{SECOND_FACTOR_PROMPT_TITLE}</Alert.Title>
        <Alert.Description>
          Administrators approve organisations and read confidential documents, so a stolen sign-in link must not be
          enough. Once you add an authenticator app, Accord asks for its code whenever you open the back office.{' '}
          <Link asChild variant="underline" fontWeight="semibold">
            <RouterLink to={settingsPath}>Set up two-factor authentication</RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
