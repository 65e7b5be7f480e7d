import { Alert, Box, Button, chakra, Container, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';

import { countryName } from '../../components/countries';
import { formatLongDate } from '../../components/formats';
import { PageHeader } from '../../components/page-header';
import { usePageDescription } from '../../components/page-meta';
import type { Verdict } from '../../../supabase/functions/_shared/trust/verify';

/** What each disclosed claim is called on the page. */
const CLAIM_LABELS: Record<string, string> = {
  organization_id: 'Registry identifier',
  name: 'Name',
  legal_name: 'Legal name',
  registration_number: 'Registration number',
  country: 'Country',
  domain: 'Website domain',
  member_since: 'Member since',
  verified_schemas: 'Verified schemas',
  sequence: 'Trust list number',
  members: 'Members listed',
};

function claimText(name: string, value: unknown): string {
  // Read as a person reads the registry: a country's name, a date in words.
  if (name === 'country' && typeof value === 'string') return `${countryName(value)} (${value})`;
  if (name === 'member_since' && typeof value === 'string' && formatLongDate(new Date(value))) return formatLongDate(new Date(value));
  if (Array.isArray(value)) {
    return value.length === 0 ? 'None' : value.map((v) => (v && typeof v === 'object' ? `${String((v as { name?: unknown }).name)} v${String((v as { version?: unknown }).version)}` : String(v))).join(', ');
  }
  return value === null || value === undefined ? 'Not given' : String(value);
}

/**
 * The verifier and the network's keys, loaded only when someone verifies: the
 * SD-JWT library stays out of every visitor's first load (decision 081).
 */
async function verifyHere(pasted: string): Promise<{ verdict: Verdict; message: string }> {
  const [{ verifyPasted, VERDICT_MESSAGES }, { networkDid }] = await Promise.all([
    import('../../../supabase/functions/_shared/trust/verify'),
    import('../../../supabase/functions/_shared/trust/identity'),
  ]);
  // Text that is no JWS at all is answered without fetching the keys.
  const jwks = /^[\w-]+\.[\w-]+\.[\w-]+/.test(pasted.trim()) ? await (await fetch('/.well-known/jwks.json')).json() : { keys: [] };
  const verdict = await verifyPasted(pasted, {
    jwks,
    issuer: networkDid(window.location.origin),
    fetchStatusList: async (uri) => {
      const res = await fetch(uri, { cache: 'no-store' });
      if (!res.ok) throw new Error(`status list ${res.status}`);
      return res.text();
    },
  });
  return { verdict, message: VERDICT_MESSAGES[verdict.reason] };
}

/** /trust-registry/verify: anyone pastes a membership credential or the signed trust list and reads whether Accord issued it and whether it holds. */
export default function VerifyPage() {
  usePageDescription('Check a membership credential or the signed trust list issued by the Accord network: who issued it, whether it is valid now, and what it discloses.');
  const fieldId = useId();
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ verdict: Verdict; message: string } | { failed: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!pasted.trim()) return;
    setBusy(true);
    try {
      setAnswer(await verifyHere(pasted));
    } catch {
      setAnswer({ failed: 'The check could not be made. Check your connection and try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <PageHeader
          eyebrow="Trust registry"
          title="Verify a credential"
          intro="Paste a membership credential an organisation gave you, or the signed trust list. The check runs in your browser against the network’s published keys and its current status list."
        />
        <Stack as="form" gap="4" onSubmit={(e) => void submit(e)} aria-label="Verify a credential">
          <Box>
            <chakra.label htmlFor={fieldId} fontWeight="medium" display="block" mb="2">
              Credential or trust list
            </chakra.label>
            <Textarea id={fieldId} value={pasted} onChange={(e) => setPasted(e.target.value)} rows={6} fontFamily="mono" fontSize="sm" />
          </Box>
          <Box>
            <Button type="submit" loading={busy} loadingText="Verifying…" disabled={!pasted.trim()}>
              Verify
            </Button>
          </Box>
        </Stack>
        {answer && 'failed' in answer ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{answer.failed}</Alert.Title>
          </Alert.Root>
        ) : null}
        {answer && 'verdict' in answer ? (
          <Stack as="section" aria-label="Result" gap="4">
            <Alert.Root status={answer.verdict.valid ? 'success' : 'error'}>
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{answer.verdict.valid ? 'Valid' : answer.verdict.reason === 'suspended' ? 'Suspended' : answer.verdict.reason === 'revoked' ? 'Revoked' : 'Not valid'}</Alert.Title>
                <Alert.Description>{answer.message}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <Text>Issued by Accord: {answer.verdict.issuedByAccord ? 'yes' : 'no'}</Text>
            {answer.verdict.expiresAt ? <Text>Valid until: {formatLongDate(new Date(answer.verdict.expiresAt * 1000))}</Text> : null}
            {Object.keys(answer.verdict.disclosed).length > 0 ? (
              <Box as="dl">
                {Object.entries(answer.verdict.disclosed).map(([name, value]) => (
                  <Box key={name} mb="2">
                    <Text as="dt" fontWeight="semibold" fontSize="sm" color="fg.muted">
                      {CLAIM_LABELS[name] ?? name}
                    </Text>
                    <Text as="dd">{claimText(name, value)}</Text>
                  </Box>
                ))}
              </Box>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
