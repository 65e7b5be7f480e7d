import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/** Shown while a page's code loads; announced politely to screen readers. */
export function PageSpinner({ label = 'Loading page…' }: { label?: string }) {
  return (
    <Center py="24" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.solid" borderWidth="3px" aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
