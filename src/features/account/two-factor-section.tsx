import { Box, Button, Card, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type FormEvent } from 'react';

import { DEFAULT_FACTOR_NAME } from '../../../machines/two-factor.machine';
import { ConfirmDialog, FormDialog } from '../../components/dialogs';
import { TextField } from '../../components/form-fields';
import { formatLongDate } from '../../components/formats';
import { OneTimeCodeField } from '../../components/one-time-code-field';
import { SectionHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { StatusBadge, type StatusMap } from '../../components/status-badge';
import { supabase, type AccordClient } from '../../data/client';
import { useFactors, type FactorStatus, type SecondFactor } from '../../data/mfa/list-factors';
import { useTwoFactor, type TwoFactor } from './use-two-factor';

/** The section's anchor: settings pages link to `#two-factor` (the back-office prompt does). */
export const TWO_FACTOR_SECTION_ID = 'two-factor';
export { DEFAULT_FACTOR_NAME };

export const FACTOR_STATUS: StatusMap<FactorStatus> = {
  verified: { label: 'Active', palette: 'green' },
  unverified: { label: 'Setup not finished', palette: 'orange' },
};

/** The secret in groups of four, as authenticator apps ask for it when typed. */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * Setting up an authenticator app: a name, then the QR code (or the secret to
 * type) and the first code, which is what verifies the factor. Abandoning it
 * removes the half-made factor.
 */
function SetUpAuthenticator({ flow, taken }: { flow: TwoFactor; taken: readonly string[] }) {
  const { pending, busy } = flow;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  // Each step starts at its heading, so a screen reader hears where it is.
  useEffect(() => stepHeading.current?.focus(), [pending]);
  // A refused code (its shape or the server) keeps the focus in the field, selected for typing again.
  useEffect(() => {
    if (flow.refusals === 0) return;
    codeInput.current?.focus();
    codeInput.current?.select();
  }, [flow.refusals]);

  const start = (event: FormEvent) => {
    event.preventDefault();
    flow.continueWith(taken);
  };
  const finish = (event: FormEvent) => {
    event.preventDefault();
    flow.finish();
  };

  return (
    <Card.Root variant="outline">
      <Card.Body>
        {pending === null ? (
          <form noValidate onSubmit={start} aria-labelledby="two-factor-step">
            <Stack gap="4">
              <Heading as="h3" size="md" id="two-factor-step" ref={stepHeading} tabIndex={-1} outline="none">
                Set up an authenticator app
              </Heading>
              <Text color="fg.muted">
                Use an app such as Google Authenticator, Microsoft Authenticator, 1Password or Bitwarden. First, name it so
                you can tell it apart later: Accord cannot rename it afterwards.
              </Text>
              <TextField label="Name" name="friendlyName" required value={flow.name} onChange={flow.typeName} error={flow.nameProblem ?? undefined} />
              {flow.error ? (
                <Text role="alert" color="fg.error">
                  {flow.error}
                </Text>
              ) : null}
              <Flex gap="3" wrap="wrap">
                <Button type="submit" loading={busy} loadingText="Preparing…">
                  Continue
                </Button>
                <Button variant="outline" onClick={flow.cancel} disabled={busy}>
                  Cancel
                </Button>
              </Flex>
            </Stack>
          </form>
        ) : (
          <form noValidate onSubmit={finish} aria-labelledby="two-factor-step">
            <Stack gap="5">
              <Heading as="h3" size="md" id="two-factor-step" ref={stepHeading} tabIndex={-1} outline="none">
                Scan the code with your authenticator app
              </Heading>
              <Flex gap="6" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'start' }}>
                <Box bg="white" p="3" borderWidth="1px" borderRadius="md" alignSelf="start">
                  <Image
                    src={pending.qrCode}
                    alt={`QR code to add “${pending.name}” for Accord to your authenticator app`}
                    width="44"
                    height="44"
                  />
                </Box>
                <Stack gap="2" minW="0">
                  <Text>Can’t scan it? Enter this key in the app instead (time-based, six digits):</Text>
                  <Text
                    as="code"
                    fontFamily="mono"
                    textStyle="lg"
                    letterSpacing="wider"
                    css={{ overflowWrap: 'anywhere' }}
                    aria-label={`Setup key: ${pending.secret.split('').join(' ')}`}
                  >
                    {groupSecret(pending.secret)}
                  </Text>
                  <Flex gap="3" align="center" wrap="wrap">
                    <Button size="sm" variant="outline" onClick={() => void flow.copySecret()}>
                      Copy key
                    </Button>
                    <Text role="status" textStyle="sm" color="fg.muted">
                      {flow.copied ? 'Copied to the clipboard.' : ''}
                    </Text>
                  </Flex>
                </Stack>
              </Flex>
              <OneTimeCodeField
                label="6-digit code from the app"
                value={flow.code}
                onChange={flow.typeCode}
                error={flow.codeProblem}
                hint="Enter the code the app now shows for Accord, to show it is set up."
                inputRef={codeInput}
              />
              <Flex gap="3" wrap="wrap">
                <Button type="submit" loading={busy} loadingText="Checking…">
                  Turn on two-factor authentication
                </Button>
                <Button variant="outline" onClick={flow.cancel} disabled={busy}>
                  Cancel
                </Button>
              </Flex>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function FactorList({ factors, onRemove }: { factors: readonly SecondFactor[]; onRemove: (factor: SecondFactor) => void }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" ps="0" aria-label="Your authenticator apps">
      {factors.map((factor) => (
        <Flex
          as="li"
          key={factor.id}
          gap="3"
          p="4"
          borderWidth="1px"
          borderRadius="md"
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
        >
          <Stack gap="1" minW="0">
            <Flex gap="2" align="center" wrap="wrap">
              <Text fontWeight="semibold" css={{ overflowWrap: 'anywhere' }}>
                {factor.name}
              </Text>
              <StatusBadge status={factor.status} map={FACTOR_STATUS} />
            </Flex>
            <Text textStyle="sm" color="fg.muted">
              {`Added ${formatLongDate(new Date(factor.createdAt))}`}
            </Text>
          </Stack>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => onRemove(factor)} aria-label={`Remove ${factor.name}`}>
            Remove
          </Button>
        </Flex>
      ))}
    </Stack>
  );
}

/**
 * Two-factor authentication in a person's account settings (decision 041):
 * set up an authenticator app, see the ones there are, remove one. Drop it
 * into any settings page as `<TwoFactorSection />`; it brings its own heading
 * (an h2, anchored at #two-factor) and data.
 *
 * No rename: Supabase's auth server lets only the service role change a
 * factor's name, so the name is chosen at setup and changed by setting up again.
 */
export function TwoFactorSection({ client = supabase }: { client?: AccordClient }) {
  const factors = useFactors(client);
  const flow = useTwoFactor(client);
  const { settingUp, removal } = flow;
  const codeInput = useRef<HTMLInputElement>(null);
  const verified = factors.data?.filter((factor) => factor.status === 'verified') ?? [];
  const names = factors.data?.map((factor) => factor.name) ?? [];

  useEffect(() => {
    if (flow.refusals === 0 || !flow.needsCode) return;
    codeInput.current?.focus();
    codeInput.current?.select();
  }, [flow.refusals, flow.needsCode]);

  return (
    <Stack as="section" aria-labelledby={TWO_FACTOR_SECTION_ID} gap="5" id={`${TWO_FACTOR_SECTION_ID}-section`}>
      <SectionHeader
        id={TWO_FACTOR_SECTION_ID}
        title="Two-factor authentication"
        intro="A code from an authenticator app on your phone, asked for after the sign-in link, so that a stolen e-mail is not enough to get in."
        actions={
          !settingUp && factors.data && verified.length === 0 ? (
            <Button onClick={flow.setUp}>
              Set up authenticator app
            </Button>
          ) : undefined
        }
      />
      {settingUp ? <SetUpAuthenticator flow={flow} taken={names} /> : null}
      <QueryView
        query={factors}
        loading="Loading your authenticator apps…"
        errorTitle="Your authenticator apps could not be loaded"
        isEmpty={(list) => list.length === 0}
        empty={
          settingUp ? null : (
            <EmptyMessage title="Two-factor authentication is off">
              Set up an authenticator app and Accord will ask for its code each time you sign in.
            </EmptyMessage>
          )
        }
      >
        {(list) => (
          <FactorList
            factors={list}
            onRemove={flow.remove}
          />
        )}
      </QueryView>

      <ConfirmDialog
        open={removal !== null && !flow.needsCode}
        title="Remove this authenticator?"
        description={
          removal?.status === 'verified'
            ? `“${removal.name}” will no longer be asked for when you sign in. Without an authenticator, a sign-in link alone is enough to get into your account.`
            : `The unfinished setup “${removal?.name ?? ''}” will be removed.`
        }
        confirmLabel="Remove"
        busyLabel="Removing…"
        cancelLabel="Keep it"
        destructive
        busy={flow.busy}
        failure={flow.error}
        failureTitle="The authenticator was not removed"
        onConfirm={flow.confirm}
        onClose={flow.cancel}
      />
      <FormDialog
        open={removal !== null && flow.needsCode}
        onOpenChange={(open) => {
          if (!open) flow.cancel();
        }}
        title="Remove this authenticator?"
        description={`To show it is you, enter the code “${removal?.name ?? ''}” shows now. It is then removed, and a sign-in link alone is enough to get into your account.`}
        submitLabel="Remove"
        busyLabel="Removing…"
        busy={flow.busy}
        failure={null}
        failureTitle="The authenticator was not removed"
        onSubmit={flow.confirm}
        initialFocus={codeInput}
      >
        <OneTimeCodeField
          value={flow.code}
          onChange={flow.typeCode}
          error={flow.codeProblem}
          inputRef={codeInput}
          autoFocus
        />
      </FormDialog>
    </Stack>
  );
}

