import { Box, Button, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { useTabKeys } from '../../components/use-tab-keys';

export interface UrlTab<Value extends string> {
  value: Value;
  label: string;
}

export interface UrlTabsProps<Value extends string> {
  /** Names the tab list ("Kinds of message"). */
  label: string;
  tabs: UrlTab<Value>[];
  value: Value;
  /** Changes the address; the page renders the chosen tab from it. */
  onChange: (value: Value) => void;
  idPrefix: string;
  children: ReactNode;
}

/**
 * Tabs whose choice lives in the address (?view=…), so a link opens the right
 * one and Back returns to the other. The ARIA tabs pattern: one tab stop,
 * arrow keys, Home and End move between tabs and choose them.
 */
export function UrlTabs<Value extends string>({ label, tabs, value, onChange, idPrefix, children }: UrlTabsProps<Value>) {
  const keys = useTabKeys(tabs.map((tab) => tab.value), onChange);
  return (
    <Box>
      <Flex role="tablist" aria-label={label} gap="1" borderBottomWidth="1px" mb="6" overflowX="auto">
        {tabs.map((tab, index) => {
          const selected = tab.value === value;
          return (
            <Button
              key={tab.value}
              ref={keys.ref(index)}
              role="tab"
              id={`${idPrefix}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${idPrefix}-panel`}
              tabIndex={selected ? 0 : -1}
              variant="ghost"
              borderRadius="0"
              borderBottomWidth="2px"
              borderBottomColor={selected ? 'brand.solid' : 'transparent'}
              color={selected ? 'brand.fg' : 'fg.muted'}
              fontWeight={selected ? 'semibold' : 'medium'}
              mb="-1px"
              onClick={() => onChange(tab.value)}
              onKeyDown={(event) => keys.onKeyDown(event, index)}
            >
              {tab.label}
            </Button>
          );
        })}
      </Flex>
      <Box role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${value}`}>
        {children}
      </Box>
    </Box>
  );
}
