import { Box, Flex, Text } from '@chakra-ui/react';

import { STEP_NUMBERS, STEP_TITLES, type StepNumber } from '../../../machines/onboarding-form';
import { CheckCircleIcon } from '../../components/status-icons';

/**
 * Where the applicant is: "Step 2 of 5" and a bar on small screens, the five
 * named steps on wider ones. A list with aria-current="step", so a screen
 * reader hears the same; it is not navigation (the review step has the edit links).
 */
export function StepIndicator({ current, completedThrough }: { current: StepNumber; completedThrough: number }) {
  return (
    <Box>
      <Text textStyle="sm" color="fg.muted" mb="2" hideFrom="md" aria-hidden="true">
        Step {current} of 5 · {STEP_TITLES[current]}
      </Text>
      <Box hideFrom="md" height="1.5" bg="bg.muted" borderRadius="full" overflow="hidden" aria-hidden="true">
        <Box height="full" width={`${(current / 5) * 100}%`} bg="brand.solid" transition="width 0.2s" />
      </Box>
      <Flex as="ol" aria-label="Application steps" gap="2" listStyleType="none" p="0" m="0" hideBelow="md">
        {STEP_NUMBERS.map((step) => {
          const isCurrent = step === current;
          const isDone = step <= completedThrough && !isCurrent;
          return (
            <Flex
              as="li"
              key={step}
              flex="1"
              direction="column"
              gap="1.5"
              aria-current={isCurrent ? 'step' : undefined}
              borderTopWidth="4px"
              borderColor={isCurrent || isDone ? 'brand.solid' : 'border'}
              pt="2"
            >
              <Flex align="center" gap="1.5" color={isCurrent ? 'brand.fg' : isDone ? 'fg' : 'fg.muted'}>
                {isDone ? <CheckCircleIcon boxSize="4" color="brand.solid" aria-hidden="true" /> : null}
                <Text textStyle="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide">
                  Step {step}
                </Text>
              </Flex>
              <Text textStyle="sm" fontWeight={isCurrent ? 'semibold' : 'normal'} color={isCurrent ? 'fg' : 'fg.muted'}>
                {STEP_TITLES[step]}
                {isDone ? <Box as="span" srOnly>(completed)</Box> : null}
              </Text>
            </Flex>
          );
        })}
      </Flex>
      <Box srOnly hideFrom="md">
        Step {current} of 5: {STEP_TITLES[current]}
      </Box>
    </Box>
  );
}
