import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { subscribeToToastDemand, toastsRequested } from '../lib/toast';

// Toasts wait in `lib/toast` until a renderer connects, so antd's notifications are not part of the
// first page: they load with the first toast, or as soon as the person starts doing something.
const ToastBridge = lazy(async () => ({ default: (await import('./ToastBridge')).ToastBridge }));

/**
 * True from the person's first click or key press on. An action may fail because the connection
 * was lost, and then the renderer could no longer be fetched to say so: it is loaded while the
 * connection is still there.
 */
function useFirstInteraction(): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return;
    const onInteraction = () => setInteracted(true);
    const options = { capture: true, once: true } as const;
    window.addEventListener('pointerdown', onInteraction, options);
    window.addEventListener('keydown', onInteraction, options);
    return () => {
      window.removeEventListener('pointerdown', onInteraction, options);
      window.removeEventListener('keydown', onInteraction, options);
    };
  }, [interacted]);
  return interacted;
}

/** Mounts the toast renderer once the app asks for its first toast, or the person first acts. */
export function ToastHost() {
  const needed = useSyncExternalStore(subscribeToToastDemand, toastsRequested);
  const interacted = useFirstInteraction();
  return needed || interacted ? (
    <Suspense fallback={null}>
      <ToastBridge />
    </Suspense>
  ) : null;
}
