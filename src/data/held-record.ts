/**
 * A small record the app holds across page loads of one browser, under one
 * localStorage key, as JSON (an administrator invitation's token, a link the
 * browser started). A browser that refuses storage (a private window, full
 * storage) still has this page's copy; `parse` drops anything that is not a
 * record of the expected shape.
 */
export interface HeldRecord<T> {
  read(): T | null;
  write(value: T): void;
  clear(): void;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function heldRecord<T>(key: string, parse: (value: Record<string, unknown>) => T | null): HeldRecord<T> {
  let inMemory: T | null = null;
  function readStored(): T | null {
    try {
      const raw = storage()?.getItem(key);
      if (!raw) return null;
      const value: unknown = JSON.parse(raw);
      return typeof value === 'object' && value !== null ? parse(value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return {
    read: () => readStored() ?? inMemory,
    write(value) {
      inMemory = value;
      try {
        storage()?.setItem(key, JSON.stringify(value));
      } catch {
        // The in-memory copy still serves this page.
      }
    },
    clear() {
      inMemory = null;
      try {
        storage()?.removeItem(key);
      } catch {
        // Nothing more to forget.
      }
    },
  };
}
