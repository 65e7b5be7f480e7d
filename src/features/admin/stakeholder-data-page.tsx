import { ContentPage } from '../../components/content-page';

export default function StakeholderDataPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Stakeholder data"
      intro="The data shared with the network's stakeholders, and what each stakeholder can see."
    />
  );
}
