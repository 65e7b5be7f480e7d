import { Box, SimpleGrid, Skeleton, SkeletonText, Stack, Text, type SimpleGridProps, type StackProps } from '@chakra-ui/react';

/**
 * Placeholders in the shape of the cards about to appear, so the page does not
 * jump when they arrive. Announced once, politely, as loading.
 */
export function CardSkeletons({
  count,
  label,
  columns,
  cardMinH,
}: {
  count: number;
  label: string;
  columns: SimpleGridProps['columns'];
  /** The height of the cards about to appear, where they are much taller than three lines of text (the pricing plans). */
  cardMinH?: StackProps['minH'];
}) {
  return (
    <Box role="status" aria-live="polite">
      <Text srOnly>{label}</Text>
      <SimpleGrid columns={columns} gap="6" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <Stack key={index} gap="4" p="6" borderWidth="1px" borderRadius="xl" minH={cardMinH}>
            <Skeleton height="6" width="50%" />
            <SkeletonText noOfLines={3} gap="2" />
            <Skeleton height="10" width="40%" />
          </Stack>
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** Placeholder for one article or detail page while it loads. */
export function ArticleSkeleton({ label }: { label: string }) {
  return (
    <Box role="status" aria-live="polite">
      <Text srOnly>{label}</Text>
      <Stack gap="5" aria-hidden="true" maxW="70ch">
        <Skeleton height="4" width="30%" />
        <Skeleton height="10" width="85%" />
        <SkeletonText noOfLines={3} gap="3" />
        <SkeletonText noOfLines={5} gap="3" />
      </Stack>
    </Box>
  );
}
