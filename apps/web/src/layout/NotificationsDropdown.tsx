import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, theme } from 'antd';
import type { ReactNode } from 'react';
import { DeferredDropdown } from './DeferredDropdown';

/**
 * The header's bell: a badge with the unseen count and a dropdown frame. What goes inside (data,
 * figures, events) comes from `app/`, since the layout knows no feature.
 */
export function NotificationsDropdown({
  unseen,
  open,
  onOpenChange,
  children,
}: {
  unseen: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <DeferredDropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      popupRender={() => (
        <div
          role="dialog"
          aria-label="Notificaciones"
          style={{
            width: 340,
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          <div style={{ padding: '12px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
            <strong>Notificaciones</strong>
          </div>
          {children}
        </div>
      )}
    >
      <Badge count={unseen} overflowCount={99} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          aria-label="Notificaciones"
          aria-describedby={unseen > 0 ? 'notificaciones-no-vistas' : undefined}
          icon={<BellOutlined style={{ fontSize: 18 }} />}
        />
        {unseen > 0 && (
          <span id="notificaciones-no-vistas" hidden>
            {unseen > 99 ? 'Más de 99 sin ver' : `${unseen} sin ver`}
          </span>
        )}
      </Badge>
    </DeferredDropdown>
  );
}
