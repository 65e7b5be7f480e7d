import type { ToastContent } from './toaster';

export type { ToastContent };

/**
 * The light half of the toaster: anything may show a toast, but the toaster's
 * code (Chakra's toast, portal and their styles, ≈ 18 KiB gzip) loads only
 * when the first toast is asked for, so visitors who never see one never
 * download it. The host in the app root mounts the toaster once it is wanted.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let wanted = false;

export function isToasterWanted(): boolean {
  return wanted;
}

export function onToasterWanted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere, including React effects and machine actions. */
export function showToast(toast: ToastContent): void {
  want();
  void import('./toaster').then(({ showLoadedToast }) => showLoadedToast(toast));
}
