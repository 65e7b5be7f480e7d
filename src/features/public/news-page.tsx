import { ContentPage } from '../../components/content-page';

export default function NewsPage() {
  return (
    <ContentPage
      eyebrow="News"
      title="Updates"
      intro="News from the Accord network: organisations joining, changes to the trust framework and improvements to the service."
    />
  );
}
