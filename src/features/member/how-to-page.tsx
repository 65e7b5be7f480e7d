import { ContentPage } from '../../components/content-page';

export default function HowToPage() {
  return (
    <ContentPage
      eyebrow="Your organisation"
      title="How-to guides"
      intro="Step-by-step guides for common tasks, from requesting a verification to accepting one made by another member."
    />
  );
}
