import { ContentPage } from '../../components/content-page';

export default function OrganizationDetailsPage() {
  return (
    <ContentPage
      eyebrow="Your organisation"
      title="Organisation details"
      intro="Your organisation's profile as other members and visitors to the trust registry see it."
    />
  );
}
