import { Heading, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** A titled part of a billing page: a region named by its heading. */
export function BillingSection({ title, intro, level = 'h2', children }: { title: string; intro?: ReactNode; level?: 'h2' | 'h3'; children: ReactNode }) {
  const id = useId();
  return (
    <Stack as="section" aria-labelledby={id} gap="4">
      <Stack gap="1">
        <Heading as={level} id={id} textStyle={level === 'h2' ? 'xl' : 'md'}>
          {title}
        </Heading>
        {intro ? <Text color="fg.muted">{intro}</Text> : null}
      </Stack>
      {children}
    </Stack>
  );
}
