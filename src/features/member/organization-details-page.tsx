import { Alert, Box, Button, Container, Grid, Image, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type ReactNode } from 'react';

import { fileProblem } from '../../../machines/onboarding-form';
import { SECTORS } from '../../../machines/sectors';

import { countries, countryName } from '../../components/countries';
import { TextAreaField, TextField, SelectField } from '../../components/form-fields';
import { formatLongDate } from '../../components/formats';
import { factLabel, factValue, sectorLabel } from '../../components/organization-labels';
import { PageHeader, SectionHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { supabase, type AccordClient } from '../../data/client';
import { DataError } from '../../data/errors';
import { replaceOrganizationLogo } from '../../data/organization-details/replace-organization-logo';
import { publicObjectUrl } from '../../data/public-storage';
import {
  useOrganizationDetails,
  type ChangeRequest,
  type OrganizationRow,
} from '../../data/organization-details/get-organization-details';
import { organizationDetailsKeys } from '../../data/organization-details/keys';
import { requestOrganizationChange } from '../../data/organization-details/request-organization-change';
import { saveOrganizationProfile } from '../../data/organization-details/save-organization-profile';
import { withdrawOrganizationChange } from '../../data/organization-details/withdraw-organization-change';
import { useTeamMembership } from '../../data/team/get-team-membership';
import { useSessionFacts } from '../../session/session-context';
import { MembershipCredentialSection } from './membership-credential-section';
import { OrganisationExportSection } from './organisation-export-section';
import {
  DESCRIPTION_MAX,
  factChanges,
  factsErrorsFromServer,
  factsFrom,
  profileErrorsFromServer,
  profileFrom,
  SIZES,
  toProfile,
  validateFacts,
  validateProfile,
  type FactsErrors,
  type FactsValues,
  type ProfileErrors,
  type ProfileValues,
} from './organization-details-form';
import { VerifiedSchemasSection } from './verified-schemas-section';

const SECTOR_OPTIONS = SECTORS.map(([value, label]) => ({ value, label }));
const SIZE_OPTIONS = SIZES.map(([value, label]) => ({ value, label }));
const COUNTRY_OPTIONS = countries().map(({ code, name }) => ({ value: code, label: name }));
const sizeLabel = (value: string | null) => SIZES.find(([v]) => v === value)?.[1] ?? null;


interface Viewer {
  organizationId: string;
  isAdmin: boolean;
}

/** A read-only value: a term and its description, "Not given" when empty. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontWeight="semibold" fontSize="sm" color="fg.muted">
        {term}
      </Text>
      <Text as="dd" whiteSpace="pre-wrap" overflowWrap="anywhere">
        {children ?? <Text as="span" color="fg.muted">Not given</Text>}
      </Text>
    </Box>
  );
}

function PendingChange({ request, canWithdraw, client }: { request: ChangeRequest; canWithdraw: boolean; client: AccordClient }) {
  const withdraw = useCommand({
    run: () => withdrawOrganizationChange(client, request.id),
    refresh: [organizationDetailsKeys.detail(request.organization_id)],
    success: () => ({ title: 'Change request withdrawn', description: 'The registry keeps your organisation’s current details.' }),
  });
  const proposed = request.proposed_values as Record<string, unknown>;
  const previous = request.previous_values as Record<string, unknown>;
  return (
    <Alert.Root status="info" role="region" aria-label="Change waiting for a decision">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>A change is waiting for a decision</Alert.Title>
        <Alert.Description>
          <Stack gap="3" mt="2">
            <Text>
              Asked on {formatLongDate(new Date(request.created_at))}. A system administrator will approve or refuse it; until then the
              trust registry shows your current details.
            </Text>
            <Box as="ul" ps="5">
              {Object.keys(proposed).map((key) => (
                <li key={key}>
                  {factLabel(key)}: {factValue(key, previous[key])} → <strong>{factValue(key, proposed[key])}</strong>
                </li>
              ))}
            </Box>
            <Text>Reason: {request.reason}</Text>
            {withdraw.error ? <Text color="fg.error">{withdraw.error}</Text> : null}
            {canWithdraw ? (
              <Box>
                <Button variant="outline" size="sm" loading={withdraw.busy} loadingText="Withdrawing…" onClick={() => void withdraw.run()}>
                  Withdraw the request
                </Button>
              </Box>
            ) : null}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function FactsForm({ organization, client }: { organization: OrganizationRow; client: AccordClient }) {
  const [values, setValues] = useState<FactsValues>(() => factsFrom(organization));
  const [errors, setErrors] = useState<FactsErrors>({});
  const send = useCommand({
    run: () => requestOrganizationChange(client, organization.id, factChanges(values, organization), values.reason.trim()),
    refresh: [organizationDetailsKeys.detail(organization.id)],
    success: () => ({ title: 'Change requested', description: 'A system administrator will review it. The registry keeps your current details until then.' }),
    describe: (error) => {
      const data = error instanceof DataError ? error : null;
      const fields = factsErrorsFromServer(data?.code, data?.details);
      if (fields) setErrors(fields);
      return data?.message ?? 'The request could not be sent. Try again.';
    },
  });
  const set = (field: keyof FactsValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  return (
    <form
      noValidate
      aria-label="Ask to change the registered details"
      onSubmit={(event) => {
        event.preventDefault();
        const found = validateFacts(values, organization);
        setErrors(found);
        if (Object.keys(found).length > 0) return;
        void send.run();
      }}
    >
      <Stack gap="5">
        <TextField label="Name" name="name" required value={values.name} onChange={set('name')} error={errors.name} hint="How the trust registry names your organisation." />
        <TextField label="Legal name" name="legalName" required value={values.legalName} onChange={set('legalName')} error={errors.legalName} />
        <TextField
          label="Registration number"
          name="registrationNumber"
          required
          value={values.registrationNumber}
          onChange={set('registrationNumber')}
          error={errors.registrationNumber}
        />
        <SelectField
          label="Country"
          name="country"
          required
          value={values.country}
          onChange={set('country')}
          options={COUNTRY_OPTIONS}
          placeholder="Choose a country"
          error={errors.country}
        />
        <TextField
          label="Website"
          name="website"
          type="url"
          inputMode="url"
          value={values.website}
          onChange={set('website')}
          error={errors.website}
          hint="The trust registry answers for this address’s domain."
        />
        <TextAreaField
          label="Why should these details change?"
          name="reason"
          required
          value={values.reason}
          onChange={set('reason')}
          error={errors.reason}
          maxChars={2000}
          rows={3}
        />
        {send.error && Object.keys(errors).length === 0 ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{send.error}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Box>
          <Button type="submit" loading={send.busy} loadingText="Sending…">
            Ask for this change
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

function RegisteredSection({ details, viewer, client }: { details: { organization: OrganizationRow; pendingChange: ChangeRequest | null }; viewer: Viewer; client: AccordClient }) {
  const { organization, pendingChange } = details;
  return (
    <Stack as="section" aria-labelledby="registered-details" gap="6">
      <SectionHeader
        id="registered-details"
        title="Registered details"
        intro="What the trust registry answers on. A change takes effect once a system administrator approves it."
      />
      {pendingChange ? <PendingChange request={pendingChange} canWithdraw={viewer.isAdmin} client={client} /> : null}
      <Grid as="dl" templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
        <Detail term="Name">{organization.name}</Detail>
        <Detail term="Legal name">{organization.legal_name}</Detail>
        <Detail term="Registration number">{organization.registration_number}</Detail>
        <Detail term="Country">{organization.country ? countryName(organization.country) : null}</Detail>
        <Detail term="Website">{organization.website}</Detail>
        <Detail term="Domain">{organization.registry_domain}</Detail>
      </Grid>
      {/* Not keyed on updated_at: saving the profile below moves it, and must not throw away a change typed here. */}
      {viewer.isAdmin && !pendingChange ? <FactsForm organization={organization} client={client} /> : null}
    </Stack>
  );
}

function ProfileForm({ organization, client }: { organization: OrganizationRow; client: AccordClient }) {
  const [values, setValues] = useState<ProfileValues>(() => profileFrom(organization));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const save = useCommand({
    run: () => saveOrganizationProfile(client, organization.id, toProfile(values)),
    refresh: [organizationDetailsKeys.detail(organization.id)],
    success: () => ({ title: 'Details saved', description: 'The trust registry shows them now.' }),
    describe: (error) => {
      const data = error instanceof DataError ? error : null;
      const fields = profileErrorsFromServer(data?.code, data?.details);
      if (fields) setErrors(fields);
      return data?.message ?? 'The details could not be saved. Try again.';
    },
  });
  const set = <K extends keyof ProfileValues>(field: K) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  return (
    <form
      noValidate
      aria-label="Profile"
      onSubmit={(event) => {
        event.preventDefault();
        const found = validateProfile(values);
        setErrors(found);
        if (Object.keys(found).length > 0) return;
        void save.run();
      }}
    >
      <Stack gap="5">
        <TextAreaField
          label="Description"
          name="description"
          value={values.description}
          onChange={set('description')}
          error={errors.description}
          maxChars={DESCRIPTION_MAX}
          hint="Plain text: what your organisation does, as visitors to the trust registry read it."
        />
        <SelectField label="Sector" name="sector" required value={values.sector} onChange={set('sector')} options={SECTOR_OPTIONS} placeholder="Choose a sector" error={errors.sector} />
        <SelectField label="Size" name="size" required value={values.size} onChange={set('size')} options={SIZE_OPTIONS} placeholder="Choose a size" error={errors.size} />
        <TextField
          label="Public contact e-mail"
          name="contactEmail"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.contactEmail}
          onChange={set('contactEmail')}
          error={errors.contactEmail}
          hint="Shown on your trust registry profile. Leave it empty to show none."
        />
        {save.error && Object.keys(errors).length === 0 ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{save.error}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Box>
          <Button type="submit" loading={save.busy} loadingText="Saving…">
            Save details
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

function ProfileSection({ organization, viewer, client }: { organization: OrganizationRow; viewer: Viewer; client: AccordClient }) {
  return (
    <Stack as="section" aria-labelledby="profile-details" gap="6">
      <SectionHeader
        id="profile-details"
        title="Profile"
        intro={viewer.isAdmin ? 'These take effect at once on your trust registry profile.' : 'Your organisation’s admins keep these up to date.'}
      />
      {viewer.isAdmin ? (
        // Keeps what was typed across reads of the organisation (a new logo moves updated_at too); after its own save it holds what was saved.
        <ProfileForm organization={organization} client={client} />
      ) : (
        <Grid as="dl" templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
          <Detail term="Description">{organization.description}</Detail>
          <Detail term="Sector">{sectorLabel(organization.sector)}</Detail>
          <Detail term="Size">{sizeLabel(organization.size)}</Detail>
          <Detail term="Public contact e-mail">{organization.contact_email}</Detail>
        </Grid>
      )}
    </Stack>
  );
}

function LogoSection({ organization, viewer, client }: { organization: OrganizationRow; viewer: Viewer; client: AccordClient }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const replace = useCommand({
    run: (file: File) => replaceOrganizationLogo(client, organization.id, file, organization.logo_path),
    refresh: [organizationDetailsKeys.detail(organization.id)],
    success: () => ({ title: 'Logo updated', description: 'The trust registry shows the new logo.' }),
  });
  const message = problem ?? replace.error;
  return (
    <Stack as="section" aria-labelledby="logo-details" gap="6">
      <SectionHeader id="logo-details" title="Logo" intro="Shown beside your organisation in the trust registry." />
      {organization.logo_path ? (
        <Image src={publicObjectUrl('brand_assets', organization.logo_path)} alt={`${organization.name} logo`} maxH="24" maxW="60" objectFit="contain" alignSelf="flex-start" />
      ) : (
        <Text color="fg.muted">No logo yet.</Text>
      )}
      {viewer.isAdmin ? (
        <Stack gap="2">
          <Text asChild fontWeight="medium">
            <label htmlFor={inputId}>{organization.logo_path ? 'Replace the logo' : 'Upload a logo'}</label>
          </Text>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept="image/png,image/jpeg"
            aria-invalid={message ? true : undefined}
            aria-describedby={`${inputId}-hint${message ? ` ${inputId}-error` : ''}`}
            disabled={replace.busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              const found = fileProblem('logo', file);
              setProblem(found);
              if (found === null) void replace.run(file).then(() => input.current && (input.current.value = ''));
            }}
          />
          <Text id={`${inputId}-hint`} fontSize="sm" color="fg.muted">
            {replace.busy ? 'Uploading…' : 'PNG or JPEG, up to 1 MB. The current logo stays until the new one is stored.'}
          </Text>
          {message ? (
            <Text id={`${inputId}-error`} fontSize="sm" color="fg.error">
              {message}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

function DetailsForOrganization({ viewer, client }: { viewer: Viewer; client: AccordClient }) {
  const details = useOrganizationDetails(viewer.organizationId, client);
  return (
    <QueryView query={details} loading="Loading your organisation’s details…" errorTitle="Your organisation’s details could not be loaded">
      {(d) => (
        <Stack gap={{ base: '10', md: '12' }}>
          {viewer.isAdmin ? null : (
            <Text color="fg.muted">Only your organisation’s admins can change these details. Ask one of them if something is out of date.</Text>
          )}
          <RegisteredSection details={d} viewer={viewer} client={client} />
          <ProfileSection organization={d.organization} viewer={viewer} client={client} />
          <LogoSection organization={d.organization} viewer={viewer} client={client} />
          <VerifiedSchemasSection organizationId={viewer.organizationId} isAdmin={viewer.isAdmin} client={client} />
          {viewer.isAdmin ? <MembershipCredentialSection organizationId={viewer.organizationId} client={client} /> : null}
          {viewer.isAdmin ? <OrganisationExportSection organizationId={viewer.organizationId} client={client} /> : null}
        </Stack>
      )}
    </QueryView>
  );
}

export interface OrganizationDetailsPageProps {
  client?: AccordClient;
}

/** /dashboard/organization-details: admins keep the organisation's details up to date; members read them. */
export default function OrganizationDetailsPage({ client = supabase }: OrganizationDetailsPageProps = {}) {
  const facts = useSessionFacts();
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  const membership = useTeamMembership(userId, client);
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '10', md: '12' }}>
        <PageHeader
          eyebrow="Your organisation"
          title="Organisation details"
          intro="Your organisation’s profile as other members and visitors to the trust registry see it."
        />
        <QueryView
          query={membership}
          loading="Loading your organisation…"
          errorTitle="Your organisation could not be loaded"
          isEmpty={(m) => m === null}
          empty={<EmptyMessage title="You are not in an organisation">Your account does not belong to an organisation yet.</EmptyMessage>}
        >
          {(m) => (m ? <DetailsForOrganization viewer={{ organizationId: m.organizationId, isAdmin: m.role === 'admin' }} client={client} /> : null)}
        </QueryView>
      </Stack>
    </Container>
  );
}
