import { Box, Button, Card, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { ConfirmDialog, FormDialog } from '../../components/dialogs';
import { TextField } from '../../components/form-fields';
import { formatLongDate } from '../../components/formats';
import { SectionHeader } from '../../components/page-header';
import { EmptyState, QueryView } from '../../components/query-view';
import { StatusBadge, type StatusMap } from '../../components/status-badge';
import { useCommand } from '../../components/use-command';
import { supabase, type AccordClient } from '../../data/client';
import { errorMessage } from '../../components/query-view';
import { DataError } from '../../data/errors';
import { cancelEnrolment } from '../../data/mfa/cancel-enrolment';
import { enrollFactor, type PendingFactor } from '../../data/mfa/enroll-factor';
import { mfaKeys } from '../../data/mfa/keys';
import { useFactors, type FactorStatus, type SecondFactor } from '../../data/mfa/list-factors';
import { INSUFFICIENT_AAL } from '../../data/mfa/mfa-errors';
import { unenrollFactor } from '../../data/mfa/unenroll-factor';
import { verifyFactor } from '../../data/mfa/verify-factor';
import { useSession } from '../../session/session-context';
import { OneTimeCodeField, sixDigitCode, CODE_SHAPE_MESSAGE } from '../../components/one-time-code-field';

/** The section's anchor: settings pages link to `#two-factor` (the back-office prompt does). */
export const TWO_FACTOR_SECTION_ID = 'two-factor';
export const DEFAULT_FACTOR_NAME = 'Authenticator app';
const NAME_LIMIT = 60;

export const FACTOR_STATUS: StatusMap<FactorStatus> = {
  verified: { label: 'Active', palette: 'green' },
  unverified: { label: 'Setup not finished', palette: 'orange' },
};

/** The secret in groups of four, as authenticator apps ask for it when typed. */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

function nameError(name: string, taken: readonly string[]): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the authenticator a name, such as the phone it is on.';
  if (trimmed.length > NAME_LIMIT) return `Keep the name to ${NAME_LIMIT} characters or fewer.`;
  if (taken.includes(trimmed)) return 'You already have an authenticator with that name. Choose another name.';
  return undefined;
}

/**
 * Setting up an authenticator app: a name, then the QR code (or the secret to
 * type) and the first code, which is what verifies the factor. Abandoning it
 * removes the half-made factor.
 */
function SetUpAuthenticator({
  client,
  taken,
  onDone,
  onCancel,
}: {
  client: AccordClient;
  taken: readonly string[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(DEFAULT_FACTOR_NAME);
  const [nameProblem, setNameProblem] = useState<string | undefined>();
  const [pending, setPending] = useState<PendingFactor | null>(null);
  const [code, setCode] = useState('');
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  const enrol = useCommand<string, PendingFactor>({ run: (friendlyName) => enrollFactor(client, friendlyName) });
  const verify = useCommand<{ factorId: string; code: string }, void>({
    run: ({ factorId, code: digits }) => verifyFactor(client, factorId, digits),
    refresh: [mfaKeys.factors],
    success: () => ({ title: 'Two-factor authentication is on', description: 'Accord will ask for a code from this app when you sign in.' }),
  });

  // Each step starts at its heading, so a screen reader hears where it is.
  useEffect(() => stepHeading.current?.focus(), [pending]);
  const refused = codeProblem ?? verify.error;
  useEffect(() => {
    if (refused === null) return;
    codeInput.current?.focus();
    codeInput.current?.select();
  }, [refused]);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameError(name, taken);
    setNameProblem(problem);
    if (problem) return;
    const result = await enrol.run(name.trim());
    if (result.ok) setPending(result.value);
  };

  const finish = async (event: FormEvent) => {
    event.preventDefault();
    if (!pending) return;
    const digits = sixDigitCode(code);
    setCodeProblem(digits === null ? CODE_SHAPE_MESSAGE : null);
    if (digits === null) {
      codeInput.current?.focus();
      return;
    }
    const result = await verify.run({ factorId: pending.id, code: digits });
    if (result.ok) onDone();
  };

  const cancel = () => {
    if (pending) void cancelEnrolment(client, pending.id);
    onCancel();
  };

  const copy = async () => {
    if (!pending) return;
    try {
      await navigator.clipboard.writeText(pending.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Card.Root variant="outline">
      <Card.Body>
        {pending === null ? (
          <form noValidate onSubmit={(event) => void start(event)} aria-labelledby="two-factor-step">
            <Stack gap="4">
              <Heading as="h3" size="md" id="two-factor-step" ref={stepHeading} tabIndex={-1} outline="none">
                Set up an authenticator app
              </Heading>
              <Text color="fg.muted">
                Use an app such as Google Authenticator, Microsoft Authenticator, 1Password or Bitwarden. First, name it so
                you can tell it apart later: Accord cannot rename it afterwards.
              </Text>
              <TextField label="Name" name="friendlyName" required value={name} onChange={setName} error={nameProblem} />
              {enrol.error ? (
                <Text role="alert" color="fg.error">
                  {enrol.error}
                </Text>
              ) : null}
              <Flex gap="3" wrap="wrap">
                <Button type="submit" loading={enrol.busy} loadingText="Preparing…">
                  Continue
                </Button>
                <Button variant="outline" onClick={cancel} disabled={enrol.busy}>
                  Cancel
                </Button>
              </Flex>
            </Stack>
          </form>
        ) : (
          <form noValidate onSubmit={(event) => void finish(event)} aria-labelledby="two-factor-step">
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
                    <Button size="sm" variant="outline" onClick={() => void copy()}>
                      Copy key
                    </Button>
                    <Text role="status" textStyle="sm" color="fg.muted">
                      {copied ? 'Copied to the clipboard.' : ''}
                    </Text>
                  </Flex>
                </Stack>
              </Flex>
              <OneTimeCodeField
                label="6-digit code from the app"
                value={code}
                onChange={(value) => {
                  setCode(value);
                  if (codeProblem) setCodeProblem(null);
                }}
                error={refused}
                hint="Enter the code the app now shows for Accord, to show it is set up."
                inputRef={codeInput}
              />
              <Flex gap="3" wrap="wrap">
                <Button type="submit" loading={verify.busy} loadingText="Checking…">
                  Turn on two-factor authentication
                </Button>
                <Button variant="outline" onClick={cancel} disabled={verify.busy}>
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

/** A factor being removed, and whether the auth server first wants a code (the session is aal1). */
interface Removal {
  factor: SecondFactor;
  needsCode: boolean;
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
  const { facts, reloadFacts } = useSession();
  // A verified factor is removed only from an aal2 session (GoTrue): ask for its code first rather than be refused.
  const atAal2 = facts.status === 'signedIn' && facts.assurance.current === 'aal2';
  const lastFailureCode = useRef<string | undefined>(undefined);
  const [settingUp, setSettingUp] = useState(false);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [code, setCode] = useState('');
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const setUpButton = useRef<HTMLButtonElement>(null);

  const remove = useCommand<{ factor: SecondFactor; code: string | null }, void>({
    run: async ({ factor, code: digits }) => {
      // At aal1 a verified factor is removed only after its own code has raised the session to aal2.
      if (digits !== null) await verifyFactor(client, factor.id, digits);
      await unenrollFactor(client, factor.id);
    },
    refresh: [mfaKeys.factors],
    success: (_, { factor }) => ({ title: 'Authenticator removed', description: `“${factor.name}” no longer signs you in.` }),
    describe: (error) => {
      lastFailureCode.current = error instanceof DataError ? error.code : undefined;
      return errorMessage(error);
    },
  });

  const verified = factors.data?.filter((factor) => factor.status === 'verified') ?? [];
  const names = factors.data?.map((factor) => factor.name) ?? [];

  const close = () => {
    setRemoval(null);
    setCode('');
    setCodeProblem(null);
    remove.reset();
  };

  const confirmRemoval = async () => {
    if (!removal) return;
    let digits: string | null = null;
    if (removal.needsCode) {
      digits = sixDigitCode(code);
      setCodeProblem(digits === null ? CODE_SHAPE_MESSAGE : null);
      if (digits === null) {
        codeInput.current?.focus();
        return;
      }
    }
    const result = await remove.run({ factor: removal.factor, code: digits });
    if (result.ok) {
      close();
      // The level changed (a verified factor gone): the guards and the back-office prompt read it.
      await reloadFacts();
      return;
    }
    // The session was lower than the facts said (e.g. lowered in another tab): ask for the code after all.
    if (!removal.needsCode && lastFailureCode.current === INSUFFICIENT_AAL) {
      remove.reset();
      setRemoval({ ...removal, needsCode: true });
    } else if (removal.needsCode) {
      codeInput.current?.focus();
      codeInput.current?.select();
    }
  };

  return (
    <Stack as="section" aria-labelledby={TWO_FACTOR_SECTION_ID} gap="5" id={`${TWO_FACTOR_SECTION_ID}-section`}>
      <SectionHeader
        id={TWO_FACTOR_SECTION_ID}
        title="Two-factor authentication"
        intro="A code from an authenticator app on your phone, asked for after the sign-in link, so that a stolen e-mail is not enough to get in."
        actions={
          !settingUp && factors.data && verified.length === 0 ? (
            <Button ref={setUpButton} onClick={() => setSettingUp(true)}>
              Set up authenticator app
            </Button>
          ) : undefined
        }
      />
      {settingUp ? (
        <SetUpAuthenticator
          client={client}
          taken={names}
          onDone={() => setSettingUp(false)}
          onCancel={() => {
            setSettingUp(false);
            void factors.mutate();
          }}
        />
      ) : null}
      <QueryView
        query={factors}
        loading="Loading your authenticator apps…"
        errorTitle="Your authenticator apps could not be loaded"
        isEmpty={(list) => list.length === 0}
        empty={
          settingUp ? null : (
            <EmptyState title="Two-factor authentication is off">
              Set up an authenticator app and Accord will ask for its code each time you sign in.
            </EmptyState>
          )
        }
      >
        {(list) => (
          <FactorList
            factors={list}
            onRemove={(factor) => setRemoval({ factor, needsCode: factor.status === 'verified' && !atAal2 })}
          />
        )}
      </QueryView>

      <ConfirmDialog
        open={removal !== null && !removal.needsCode}
        title="Remove this authenticator?"
        description={
          removal?.factor.status === 'verified'
            ? `“${removal.factor.name}” will no longer be asked for when you sign in. Without an authenticator, a sign-in link alone is enough to get into your account.`
            : `The unfinished setup “${removal?.factor.name ?? ''}” will be removed.`
        }
        confirmLabel="Remove"
        busyLabel="Removing…"
        cancelLabel="Keep it"
        destructive
        busy={remove.busy}
        failure={remove.error}
        failureTitle="The authenticator was not removed"
        onConfirm={() => void confirmRemoval()}
        onClose={close}
      />
      <FormDialog
        open={removal !== null && removal.needsCode}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        title="Remove this authenticator?"
        description={`To show it is you, enter the code “${removal?.factor.name ?? ''}” shows now. It is then removed, and a sign-in link alone is enough to get into your account.`}
        submitLabel="Remove"
        busyLabel="Removing…"
        busy={remove.busy}
        failure={null}
        failureTitle="The authenticator was not removed"
        onSubmit={() => void confirmRemoval()}
        initialFocus={codeInput}
      >
        <OneTimeCodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            if (codeProblem) setCodeProblem(null);
          }}
          error={codeProblem ?? remove.error}
          inputRef={codeInput}
          autoFocus
        />
      </FormDialog>
    </Stack>
  );
}

