import { lazy, Suspense, useSyncExternalStore } from 'react';

import { withFullSystem } from '../theme/chakra-system';
import { isToasterWanted, onToasterWanted } from './toast';

const ToastList = lazy(withFullSystem(() => import('./toaster').then((module) => ({ default: module.ToastList }))));

/** Mounts the toaster once the first toast is asked for (see ./toast.ts). */
export function ToasterHost() {
  const wanted = useSyncExternalStore(onToasterWanted, isToasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
