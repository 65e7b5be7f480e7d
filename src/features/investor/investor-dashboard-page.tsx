import { Container, Stack } from '@chakra-ui/react';

import { InvestorAreaLinks } from '../../components/area-links';
import { PageHeader } from '../../components/page-header';
import { InvestorDocumentsSection } from './investor-documents-section';
import { InvestorFiguresSection } from './investor-figures-section';
import { InvestorUpdatesSection } from './investor-updates-section';
import { useRecordInvestorVisit } from './use-record-investor-visit';

/**
 * /investor/dashboard (lite and above): one section after another, each
 * loading its own data, so a section can be added with a line.
 */
export default function InvestorDashboardPage() {
  useRecordInvestorVisit();
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '8', md: '12' }}>
        <InvestorAreaLinks />
        <PageHeader
          eyebrow="Investors"
          title="Investor dashboard"
          intro="The network's figures, computed from its real data, with company updates and the documents shared with Accord's investors."
        />
        <InvestorFiguresSection />
        <InvestorUpdatesSection />
        <InvestorDocumentsSection />
      </Stack>
    </Container>
  );
}
