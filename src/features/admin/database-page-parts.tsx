import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** What the sections of /admin/database share: their frame, an action's failure beside its button, and figures in words. */

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

export const formatMs = (ms: number) => `${ms.toLocaleString('en-GB', { maximumFractionDigits: ms < 10 ? 2 : 0 })} ms`;
export const formatRatio = (ratio: number | null) => (ratio === null ? '—' : `${(ratio * 100).toFixed(1)} %`);

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
