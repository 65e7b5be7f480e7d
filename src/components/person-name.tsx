import { Stack, Text } from '@chakra-ui/react';

/**
 * A person in a back-office table: their name, with the e-mail address under
 * it; only the address when they gave no name, a dash when neither is known
 * (an account that has since been deleted).
 */
export function PersonName({ name, email, emphasis = false }: { name: string | null; email: string | null; emphasis?: boolean }) {
  const shown = name?.trim() || email;
  if (!shown) return <Text as="span">—</Text>;
  return (
    <Stack gap="0.5" minW="0">
      <Text fontWeight={emphasis ? 'medium' : undefined} overflowWrap="anywhere">
        {shown}
      </Text>
      {name?.trim() && email ? (
        <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
          {email}
        </Text>
      ) : null}
    </Stack>
  );
}
