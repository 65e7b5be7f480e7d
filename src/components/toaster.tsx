import { Toaster as ChakraToastGroup, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

/**
 * The app's one toaster. Call `showToast` from ./toast instead of importing
 * this module, so the toaster's code stays out of pages that never toast.
 */
export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
});

export interface ToastContent {
  type: 'success' | 'info' | 'warning' | 'error' | 'loading';
  title: string;
  description?: string;
}

/**
 * Shows a toast from anywhere, including React effects. The toaster's store
 * updates its component with flushSync, which React refuses (with a warning)
 * while it is committing; deferring to a microtask lets the commit finish
 * first, and the toast still appears before the next paint.
 */
export function showLoadedToast(toast: ToastContent): void {
  queueMicrotask(() => {
    toaster.create(toast);
  });
}

export function ToastList() {
  return (
    <Portal>
      <ChakraToastGroup toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable !== false ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </ChakraToastGroup>
    </Portal>
  );
}
