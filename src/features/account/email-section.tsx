import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';

import { emailMessage, emailProblem, trimEmail } from '../../../machines/email';
import { TextField } from '../../components/form-fields';
import { QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { useAccountUser, type AccountUser } from '../../data/account/get-account-user';
import { accountKeys } from '../../data/account/keys';
import { requestEmailChange } from '../../data/account/request-email-change';
import { supabase, type AccordClient } from '../../data/client';

export const SAME_EMAIL_MESSAGE = 'That is already your e-mail address.';

type LinkOutcome = { status: 'info' | 'success' | 'error'; title: string; description: string };

/**
 * What a confirmation link said when it brought the person back here. The
 * auth service has already applied it (GET /verify) before redirecting: the
 * first of the two links adds `message`, the second a PKCE `code`, a spent or
 * expired one `error_description`; in the query, the fragment or both.
 * The code is not exchanged: supabase-js 2.109 deletes an updateUser PKCE
 * verifier as soon as it saves the session (supabase-js#2512), and the
 * browser already holds the session anyway (decision 042).
 */
export function linkOutcome(search: string, hash: string): LinkOutcome | null {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const read = (name: string) => query.get(name) ?? fragment.get(name);
  const error = read('error_description');
  if (error) return { status: 'error', title: 'That confirmation link did not work', description: `${error} Ask for the change again to get new links.` };
  if (read('code')) return { status: 'success', title: 'Your e-mail address has been changed', description: 'Both addresses are confirmed. Sign in with the new one from now on.' };
  if (read('message')) {
    return {
      status: 'info',
      title: 'One address confirmed',
      description: 'Now follow the link we sent to the other address. Your address changes once both links have been followed.',
    };
  }
  return null;
}

/** Reads a returning link's outcome once, then takes it out of the address bar (it is not a page of its own). */
function useLinkOutcome(): LinkOutcome | null {
  const location = useLocation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [outcome] = useState(() => linkOutcome(location.search, location.hash));
  useEffect(() => {
    if (!outcome) return;
    void mutate(accountKeys.user);
    void navigate(location.pathname, { replace: true });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return outcome;
}

/**
 * The account's address and a change of it. With secure e-mail change
 * (config.toml `double_confirm_changes = true`, hosted's default) the auth
 * service mails a link to each address and moves the account only when both
 * have been followed (decision 042).
 */
export function EmailSection({ client = supabase }: { client?: AccordClient }) {
  const user = useAccountUser(client);
  const outcome = useLinkOutcome();
  return (
    <Stack gap="5">
      {outcome ? (
        <Alert.Root status={outcome.status} role={outcome.status === 'error' ? 'alert' : 'status'} aria-label={outcome.title}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{outcome.title}</Alert.Title>
            <Alert.Description>{outcome.description}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <QueryView query={user} loading="Loading your e-mail address…" errorTitle="Your e-mail address could not be loaded">
        {(data) => <EmailChange client={client} user={data} />}
      </QueryView>
    </Stack>
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
        // Both links come straight back here (useLinkOutcome), not through the sign-in callback: see linkOutcome.
        redirectTo: `${window.location.origin}${pathname}`,
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
