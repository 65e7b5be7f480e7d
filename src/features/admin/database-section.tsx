import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One section of /admin/database: its heading, what it shows, an action beside it. */
export function Section({ id, title, intro, action, children }: { id: string; title: string; intro: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="4">
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'start', sm: 'center' }} gap="3">
        <Stack gap="1">
          <Heading as="h2" id={id} textStyle="xl">
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
        </Stack>
        {action}
      </Stack>
      {children}
    </Stack>
  );
}

/** A command's failure where its button is. */
export function Failure({ message }: { message: string | null }) {
  return message ? (
    <Text role="alert" color="fg.error">
      {message}
    </Text>
  ) : null;
}
