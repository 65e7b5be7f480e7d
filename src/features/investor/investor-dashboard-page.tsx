import { Container, Stack } from '@chakra-ui/react';

import { PageHeader } from '../../components/page-header';
import { InvestorFiguresSection } from './investor-figures-section';

/**
 * /investor/dashboard (lite and above): one section after another, each
 * loading its own data, so a section can be added with a line.
 */
export default function InvestorDashboardPage() {
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '8', md: '12' }}>
        <PageHeader
          eyebrow="Investors"
          title="Investor dashboard"
          intro="The network's figures, computed from its real data, with company updates and the documents shared with Accord's investors."
        />
        <InvestorFiguresSection />
      </Stack>
    </Container>
  );
}
