import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';

import { emailMessage, emailProblem, trimEmail } from '../../../machines/email';
import { TextField } from '../../components/form-fields';
import { QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { useAccountUser, type AccountUser } from '../../data/account/get-account-user';
import { accountKeys } from '../../data/account/keys';
import { requestEmailChange } from '../../data/account/request-email-change';
import { supabase, type AccordClient } from '../../data/client';

export const SAME_EMAIL_MESSAGE = 'That is already your e-mail address.';

/**
 * The account's address and a change of it. With secure e-mail change
 * (config.toml `double_confirm_changes = true`, hosted's default) the auth
 * service mails a link to each address and moves the account only when both
 * have been followed (decision 042).
 */
export function EmailSection({ client = supabase }: { client?: AccordClient }) {
  const user = useAccountUser(client);
  return (
    <QueryView query={user} loading="Loading your e-mail address…" errorTitle="Your e-mail address could not be loaded">
      {(data) => <EmailChange client={client} user={data} />}
    </QueryView>
  );
}

function EmailChange({ client, user }: { client: AccordClient; user: AccountUser }) {
  const { pathname } = useLocation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const change = useCommand({
    run: (address: string) =>
      requestEmailChange(client, {
        email: address,
        // Both links come back through the sign-in callback, which returns the person here.
        redirectTo: `${window.location.origin}/auth/callback?next=${encodeURIComponent(pathname)}`,
      }),
    refresh: [accountKeys.user],
    success: (_, address) => ({
      title: 'Check both inboxes',
      description: `We sent a confirmation link to ${user.email} and one to ${address}. Follow both to change your address.`,
    }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = trimEmail(email);
    const problem = emailProblem(address);
    const found = problem ? emailMessage(problem) : address.toLowerCase() === user.email.toLowerCase() ? SAME_EMAIL_MESSAGE : undefined;
    setError(found);
    if (found) return;
    if ((await change.run(address)).ok) setEmail('');
  };

  return (
    <Stack gap="5" maxW="xl">
      <Text>
        You sign in with <strong>{user.email}</strong>.
      </Text>
      {user.pendingEmail ? (
        <Alert.Root status="info" role="status" aria-label="Change waiting for confirmation">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Waiting for confirmation: {user.pendingEmail}</Alert.Title>
            <Alert.Description>
              Follow the link we sent to {user.email} and the one we sent to {user.pendingEmail}. Your address changes once both
              have been followed; until then you keep signing in with {user.email}. The links work for ten minutes; to start again,
              ask for the change once more.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {change.error ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The change was not requested</Alert.Title>
            <Alert.Description>{change.error}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <form aria-label="Change e-mail address" noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="4">
          <TextField
            label="New e-mail address"
            name="email"
            type="email"
            required
            value={email}
            onChange={setEmail}
            error={error}
            autoComplete="email"
            hint="For your safety we send a confirmation link to your current address and one to the new address. Nothing changes until both have been followed."
          />
          <Button type="submit" alignSelf="start" loading={change.busy} loadingText="Sending links…">
            Change e-mail address
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
