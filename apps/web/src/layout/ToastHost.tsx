import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToastDemand, toastsRequested } from '../lib/toast';

// Toasts wait in `lib/toast` until a renderer connects, so antd's notifications are loaded with the
// first toast instead of with the first page.
const ToastBridge = lazy(async () => ({ default: (await import('./ToastBridge')).ToastBridge }));

/** Mounts the toast renderer once the app asks for its first toast. */
export function ToastHost() {
  const needed = useSyncExternalStore(subscribeToToastDemand, toastsRequested);
  return needed ? (
    <Suspense fallback={null}>
      <ToastBridge />
    </Suspense>
  ) : null;
}
