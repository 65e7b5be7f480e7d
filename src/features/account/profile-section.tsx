import { Button, Stack } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';

import { TextField } from '../../components/form-fields';
import { QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { supabase, type AccordClient } from '../../data/client';
import { useAccountProfile, type AccountProfile } from '../../data/account/get-account-profile';
import { accountKeys } from '../../data/account/keys';
import { profileProblems, saveAccountProfile } from '../../data/account/save-account-profile';
import { profileMessage, validateProfile, type ProfileErrors } from './profile-form';

/** The person's name and job title: checked at each field before sending, kept as typed after a refusal. */
export function ProfileSection({ userId, client = supabase }: { userId: string; client?: AccordClient }) {
  const profile = useAccountProfile(userId, client);
  return (
    <QueryView query={profile} loading="Loading your profile…" errorTitle="Your profile could not be loaded">
      {(data) => <ProfileForm userId={userId} client={client} initial={data} />}
    </QueryView>
  );
}

function ProfileForm({ userId, client, initial }: { userId: string; client: AccordClient; initial: AccountProfile }) {
  const [fullName, setFullName] = useState(initial.fullName ?? '');
  const [jobTitle, setJobTitle] = useState(initial.jobTitle ?? '');
  const [errors, setErrors] = useState<ProfileErrors>({});
  // The last refusal, so the database's word on a field is said at that field.
  const refusal = useRef<unknown>(null);
  const save = useCommand({
    run: async (values: AccountProfile) => {
      refusal.current = null;
      try {
        return await saveAccountProfile(client, userId, values);
      } catch (error) {
        refusal.current = error;
        throw error;
      }
    },
    refresh: [accountKeys.profile(userId)],
    success: () => ({ title: 'Profile saved', description: 'Your name and job title are up to date.' }),
    failureToast: 'Your profile was not saved',
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile({ fullName, jobTitle });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await save.run({ fullName: fullName.trim() || null, jobTitle: jobTitle.trim() || null });
    if (result.ok) {
      // What the database stored (trimmed, blank as none) is what the fields now show.
      setFullName(result.value.fullName ?? '');
      setJobTitle(result.value.jobTitle ?? '');
      return;
    }
    const refused = profileProblems(refusal.current);
    setErrors({
      fullName: refused.fullName && profileMessage('fullName', refused.fullName),
      jobTitle: refused.jobTitle && profileMessage('jobTitle', refused.jobTitle),
    });
  };

  return (
    <form aria-label="Profile" noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="5" maxW="xl">
        <TextField label="Full name" name="fullName" value={fullName} onChange={setFullName} error={errors.fullName} autoComplete="name" />
        <TextField
          label="Job title"
          name="jobTitle"
          value={jobTitle}
          onChange={setJobTitle}
          error={errors.jobTitle}
          autoComplete="organization-title"
          hint="Your role, as you would introduce yourself, for example Head of admissions."
        />
        <Button type="submit" alignSelf="start" loading={save.busy} loadingText="Saving…">
          Save profile
        </Button>
      </Stack>
    </form>
  );
}
