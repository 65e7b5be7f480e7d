import { Box, Button, Stack } from '@chakra-ui/react';

import { downloadFile } from '../../components/download-file';
import { formatLongDate } from '../../components/formats';
import { SectionHeader } from '../../components/page-header';
import { useCommand } from '../../components/use-command';
import type { AccordClient } from '../../data/client';
import { downloadMembershipCredential } from '../../data/organization-details/download-membership-credential';

/**
 * The membership as a verifiable credential (decision 081): admins download an
 * SD-JWT VC anyone can check at /trust-registry/verify, without calling Accord.
 */
export function MembershipCredentialSection({ organizationId, client }: { organizationId: string; client: AccordClient }) {
  const download = useCommand({
    run: async () => {
      const issued = await downloadMembershipCredential(client, organizationId);
      downloadFile(issued.credential, issued.fileName, 'application/dc+sd-jwt');
      return issued;
    },
    success: (issued) => ({ title: 'Membership credential downloaded', description: `Valid until ${formatLongDate(new Date(issued.expiresAt))}.` }),
    failureToast: 'The credential could not be downloaded',
  });
  return (
    <Stack as="section" aria-labelledby="membership-credential" gap="4">
      <SectionHeader
        id="membership-credential"
        title="Membership credential"
        intro="A signed statement of your membership and verified schemas (an SD-JWT verifiable credential). Give it to a partner: they can check it at /trust-registry/verify, and it shows as suspended or revoked within a minute if your membership changes. Valid for 90 days."
      />
      <Box>
        <Button variant="outline" loading={download.busy} loadingText="Issuing…" onClick={() => void download.run()}>
          Download membership credential
        </Button>
      </Box>
    </Stack>
  );
}
