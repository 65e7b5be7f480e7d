import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';

import { DataTable, type Column } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialogs';
import { formatDayAndTime } from '../../components/formats';
import { QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { useConfirm } from '../../components/use-confirm';
import { accountKeys } from '../../data/account/keys';
import { linkIdentity } from '../../data/account/link-identity';
import { useIdentities, type UserIdentity } from '../../data/account/list-identities';
import { unlinkIdentity } from '../../data/account/unlink-identity';
import { providerLabel, useEnabledProviders, type AuthProvider } from '../../data/auth/auth-providers';
import { supabase, type AccordClient } from '../../data/client';

export const LAST_IDENTITY_REASON =
  'You cannot unlink your only way of signing in: link another one first, or you would have no way back into your account.';

/** The e-mail identity is the auth service's "email" provider; everything else is named as its button is. */
function identityLabel(provider: string): string {
  return provider === 'email' ? 'E-mail' : providerLabel(provider);
}

function identityEmail(identity: UserIdentity): string {
  const email = identity.identity_data?.['email'];
  return typeof email === 'string' && email !== '' ? email : '—';
}

export interface IdentitiesSectionProps {
  /** The signed-in account: a link is held for it, and the provider's return is confirmed against it (decision 067). */
  account: { id: string; email: string } | null;
  client?: AccordClient;
  /** The enabled providers (GET /auth/v1/settings); tests pass their own. */
  loadProviders?: () => Promise<AuthProvider[]>;
}

/** The ways of signing in linked to the account: link another provider, or unlink one that is not the last. */
export function IdentitiesSection({ account, client = supabase, loadProviders }: IdentitiesSectionProps) {
  const identities = useIdentities(client);
  const providers = useEnabledProviders(loadProviders);
  const { pathname } = useLocation();
  // The provider sends the person back to /auth/callback, which asks before linking and then returns here.
  const link = useCommand({
    run: (provider: AuthProvider) =>
      linkIdentity(client, {
        provider: provider.name,
        providerLabel: provider.label,
        userId: account!.id,
        email: account!.email,
        returnTo: pathname,
        origin: window.location.origin,
      }),
    failureToast: 'The link was not started',
  });
  const unlink = useCommand({
    run: (identity: UserIdentity) => unlinkIdentity(client, identity),
    refresh: [accountKeys.identities, accountKeys.user],
    success: (_, identity) => ({ title: 'Sign-in method unlinked', description: `You can no longer sign in with ${identityLabel(identity.provider)}.` }),
  });
  const unlinking = useConfirm(unlink);

  const rows = identities.data ?? [];
  const onlyOne = rows.length <= 1;
  const columns: Column<UserIdentity>[] = [
    { key: 'provider', label: 'Sign-in method', unlabelledWhenStacked: true, cell: (identity) => <Text as="span" fontWeight="medium">{identityLabel(identity.provider)}</Text> },
    { key: 'email', label: 'E-mail', cell: identityEmail, cellProps: { wordBreak: 'break-all' } },
    { key: 'linked', label: 'Linked', cell: (identity) => (identity.created_at ? formatDayAndTime(identity.created_at) : '—') },
    {
      key: 'actions',
      label: 'Actions',
      hideHeader: true,
      alignEnd: true,
      unlabelledWhenStacked: true,
      cell: (identity) => (
        <Button
          size="sm"
          variant="outline"
          disabled={onlyOne}
          aria-label={`Unlink ${identityLabel(identity.provider)}`}
          aria-describedby={onlyOne ? 'identities-last' : undefined}
          onClick={() => unlinking.ask(identity)}
        >
          Unlink
        </Button>
      ),
    },
  ];
  const linked = new Set(rows.map((identity) => identity.provider));
  const linkable = providers.status === 'ready' ? providers.providers.filter((provider) => !linked.has(provider.name)) : [];

  return (
    <Stack gap="4">
      <QueryView query={identities} loading="Loading your sign-in methods…" errorTitle="Your sign-in methods could not be loaded">
        {(data) => <DataTable caption="Your sign-in methods" columns={columns} rows={data} rowKey={(identity) => identity.identity_id} />}
      </QueryView>
      {identities.data && onlyOne ? (
        <Text id="identities-last" textStyle="sm" color="fg.muted">
          {LAST_IDENTITY_REASON}
        </Text>
      ) : null}
      {providers.status === 'failed' ? (
        <Text textStyle="sm" color="fg.muted">
          {providers.message}
        </Text>
      ) : null}
      {identities.data && linkable.length > 0 ? (
        <Flex gap="2" wrap="wrap">
          {linkable.map((provider) => (
            <Button
              key={provider.name}
              variant="outline"
              disabled={account === null}
              loading={link.pending?.name === provider.name}
              loadingText="Opening…"
              onClick={() => void link.run(provider)}
            >
              Link {provider.label}
            </Button>
          ))}
        </Flex>
      ) : null}
      <ConfirmDialog
        {...unlinking.dialog}
        title={`Unlink ${unlinking.subject ? identityLabel(unlinking.subject.provider) : ''}?`}
        description={`You will no longer be able to sign in with ${unlinking.subject ? identityLabel(unlinking.subject.provider) : ''}. You can link it again later.`}
        confirmLabel="Unlink"
        busyLabel="Unlinking…"
        cancelLabel="Keep it"
        destructive
        failureTitle="It was not unlinked"
      />
    </Stack>
  );
}
