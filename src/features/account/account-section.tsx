import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { SectionHeader } from '../../components/page-header';

export interface AccountSectionProps {
  /** The region's id (its address: /dashboard/settings#two-factor); the heading's id derives from it. */
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** One part of the settings page: a region named by its own heading, so each can be found and reached on its own. */
export function AccountSection({ id, title, intro, children }: AccountSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Stack as="section" id={id} aria-labelledby={headingId} gap="4" borderTopWidth="1px" borderColor="border.muted" pt="6" scrollMarginTop="20">
      <SectionHeader id={headingId} title={title} intro={intro} />
      {children}
    </Stack>
  );
}
