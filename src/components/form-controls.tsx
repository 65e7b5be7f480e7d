import { chakra } from '@chakra-ui/react';

/**
 * Native form controls styled like Chakra's Input. Native <select>,
 * <textarea> and checkboxes are what keyboards, screen readers and phones
 * handle best, and they need no extra recipes in our slim Chakra system
 * (src/theme/theme.ts), so they cost almost nothing to ship.
 */
const fieldLook = {
  width: '100%',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l2',
  bg: 'bg',
  color: 'fg',
  fontSize: 'md',
  outline: 'none',
  _focusVisible: { borderColor: 'brand.focusRing', boxShadow: '0 0 0 1px var(--chakra-colors-brand-focus-ring)' },
  _invalid: { borderColor: 'border.error', boxShadow: '0 0 0 1px var(--chakra-colors-border-error)' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
} as const;

export const SelectInput = chakra('select', {
  base: { ...fieldLook, height: '11', paddingInline: '3', appearance: 'auto', cursor: 'pointer' },
});

export const TextareaInput = chakra('textarea', {
  base: { ...fieldLook, minHeight: '24', paddingInline: '3', paddingBlock: '2', lineHeight: '1.5', resize: 'vertical' },
});

export const CheckboxInput = chakra('input', {
  base: {
    width: '5',
    height: '5',
    flexShrink: 0,
    marginTop: '0.5',
    accentColor: 'var(--chakra-colors-brand-700)',
    cursor: 'pointer',
    _focusVisible: { outline: '2px solid var(--chakra-colors-brand-500)', outlineOffset: '2px' },
  },
});
