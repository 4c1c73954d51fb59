import { NOTIFICATION_LIFE_MS } from './constants';

type ToastSeverity = 'info' | 'success' | 'warn' | 'error' | 'secondary' | 'contrast';

export interface ToastMessage {
  severity: ToastSeverity;
  summary: string;
  detail?: string;
  /** Milliseconds on screen; 6000 unless told. */
  life?: number;
  closable?: boolean;
  /** Toasts of one group can be removed together with `toast.clear(group)`. */
  group?: string;
  /** A toast shown with an id already on screen replaces it. */
  id?: string;
}

export type ResolvedToast = Required<Pick<ToastMessage, 'severity' | 'summary' | 'life' | 'closable'>> &
  Pick<ToastMessage, 'detail' | 'group'> & { id: string };

/** Draws toasts on screen; the layout provides one backed by antd's notification hook. */
export interface ToastRenderer {
  show(toast: ResolvedToast): void;
  remove(id: string): void;
}

let renderer: ToastRenderer | null = null;
/** Toasts raised before the layout mounted (or between two renderers) wait here. */
let pending: ResolvedToast[] = [];
const idsByGroup = new Map<string, Set<string>>();
let sequence = 0;
/** Whether any toast was asked for: the renderer (antd's notifications) is loaded only from then on. */
let requested = false;
const demandListeners = new Set<() => void>();

function resolve(message: ToastMessage): ResolvedToast {
  sequence += 1;
  return {
    severity: message.severity,
    summary: message.summary,
    detail: message.detail,
    life: message.life ?? NOTIFICATION_LIFE_MS,
    closable: message.closable ?? true,
    group: message.group,
    id: message.id ?? `toast-${sequence}`,
  };
}

/** The one toast API of the product: HTTP layer, auth and views all report here. */
export const toast = {
  show(message: ToastMessage): string {
    const resolved = resolve(message);
    if (!requested) {
      requested = true;
      for (const listener of demandListeners) listener();
    }
    // Every toast is remembered under its group ('' when none), so `clear()` can remove them all.
    const group = resolved.group ?? '';
    const ids = idsByGroup.get(group) ?? new Set<string>();
    ids.add(resolved.id);
    idsByGroup.set(group, ids);
    if (renderer) renderer.show(resolved);
    else pending.push(resolved);
    return resolved.id;
  },

  /** Removes the toasts of a group, or every toast this API showed when no group is given. */
  clear(group?: string): void {
    const groups = group === undefined ? [...idsByGroup.keys()] : [group];
    for (const name of groups) {
      for (const id of idsByGroup.get(name) ?? []) renderer?.remove(id);
      idsByGroup.delete(name);
    }
    pending = group === undefined ? [] : pending.filter((item) => item.group !== group);
  },
};

/** Connects the renderer; returns the disconnect function. */
export function connectToastRenderer(next: ToastRenderer): () => void {
  renderer = next;
  const queued = pending;
  pending = [];
  for (const item of queued) next.show(item);
  return () => {
    if (renderer === next) renderer = null;
  };
}

/** True once a toast was shown; for `useSyncExternalStore` with `subscribeToToastDemand`. */
export function toastsRequested(): boolean {
  return requested;
}

export function subscribeToToastDemand(listener: () => void): () => void {
  demandListeners.add(listener);
  return () => demandListeners.delete(listener);
}
