import { useRef, type KeyboardEvent } from 'react';

/**
 * The keyboard half of the ARIA tabs pattern for a row of role="tab" buttons:
 * Left and Right (wrapping), Home and End move focus to another tab and choose
 * it. Give the chosen tab tabIndex 0 and the others -1, so the row is one tab stop.
 */
export function useTabKeys<Value extends string>(values: readonly Value[], choose: (value: Value) => void) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  return {
    ref: (index: number) => (element: HTMLButtonElement | null) => {
      refs.current[index] = element;
    },
    onKeyDown: (event: KeyboardEvent, index: number) => {
      const last = values.length - 1;
      const next =
        event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
        : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
        : event.key === 'Home' ? 0
        : event.key === 'End' ? last
        : null;
      if (next === null) return;
      event.preventDefault();
      refs.current[next]?.focus();
      choose(values[next]!);
    },
  };
}
