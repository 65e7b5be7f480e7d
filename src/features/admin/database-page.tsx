import { ContentPage } from '../../components/content-page';

export default function DatabasePage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Database"
      intro="Health and maintenance information about the network's database."
    />
  );
}
