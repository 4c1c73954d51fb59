import { notification as antdNotification } from 'antd';
import type { ArgsProps } from 'antd/es/notification/interface';
import { useEffect } from 'react';
import { NOTIFICATION_LIFE_MS, TOAST_PLACEMENT } from '../lib/constants';
import { connectToastRenderer, type ResolvedToast } from '../lib/toast';

const neutralStyles: Record<'secondary' | 'contrast', ArgsProps['style']> = {
  secondary: { background: '#f1f5f9', border: '1px solid #cbd5e1' },
  contrast: { background: '#1f2937', color: '#f9fafb' },
};

/** Wires the toast API to antd's notification hook, so toasts follow locale and theme. */
export function ToastBridge() {
  const [notification, holder] = antdNotification.useNotification({
    placement: TOAST_PLACEMENT,
    duration: NOTIFICATION_LIFE_MS / 1000,
    pauseOnHover: true,
  });

  useEffect(() => {
    const show = (toast: ResolvedToast) => {
      const args: ArgsProps = {
        key: toast.id,
        title: toast.summary,
        description: toast.detail,
        duration: toast.life / 1000,
        pauseOnHover: true,
        placement: TOAST_PLACEMENT,
        closable: toast.closable,
        className: toast.group ? `toast-group-${toast.group}` : undefined,
      };
      switch (toast.severity) {
        case 'success':
          return notification.success(args);
        case 'info':
          return notification.info(args);
        case 'warn':
          return notification.warning(args);
        case 'error':
          return notification.error(args);
        case 'secondary':
        case 'contrast':
          return notification.open({
            ...args,
            style: neutralStyles[toast.severity],
            styles:
              toast.severity === 'contrast'
                ? { title: { color: '#f9fafb' }, description: { color: '#e5e7eb' } }
                : undefined,
          });
      }
    };
    return connectToastRenderer({ show, remove: (id) => notification.destroy(id) });
  }, [notification]);

  return holder;
}
