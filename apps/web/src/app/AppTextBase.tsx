import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The text base antd's `App` component gives the page (colour, size, line height and font of the
 * theme). antd's `App` also creates the message and modal hooks, which nothing here uses and which
 * would put Modal into the first load; toasts get their own holder in `ToastBridge`.
 */
export function AppTextBase({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className="app-text-base"
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}
