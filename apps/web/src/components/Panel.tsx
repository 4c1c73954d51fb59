import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import './panel.css';

/**
 * A bordered box with an optional title bar, drawn with the theme's tokens as antd's small `Card`
 * is. antd's Card imports its Tabs (for `tabList`) and so brought some 12 KB into the first load
 * of Inicio, which uses neither.
 */
export function Panel({
  title,
  hoverable = false,
  style,
  children,
  ...rest
}: {
  title?: ReactNode;
  /** Raised on hover, as a card that is a link. */
  hoverable?: boolean;
  style?: CSSProperties;
  children: ReactNode;
  'aria-busy'?: boolean | 'true' | 'false';
  'data-testid'?: string;
}) {
  const { token } = theme.useToken();
  return (
    <div
      {...rest}
      className={hoverable ? 'panel panel--hoverable' : 'panel'}
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        ...style,
      }}
    >
      {title !== undefined && (
        <div
          className="panel__head"
          style={{ borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}` }}
        >
          {title}
        </div>
      )}
      <div className="panel__body">{children}</div>
    </div>
  );
}
