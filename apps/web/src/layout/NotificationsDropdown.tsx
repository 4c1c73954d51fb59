import { BellOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, theme } from 'antd';
import { SCROLL_HEIGHT_NOTIFICATIONS_PX } from '../lib/constants';

/** Later issues give it real figures; until then it shows its empty state. */
export function NotificationsDropdown() {
  const { token } = theme.useToken();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => (
        <div
          role="dialog"
          aria-label="Notificaciones"
          style={{
            width: 320,
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          <div style={{ padding: '12px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
            <strong>Notificaciones</strong>
          </div>
          <div style={{ maxHeight: SCROLL_HEIGHT_NOTIFICATIONS_PX, overflowY: 'auto', padding: '8px 16px' }}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin notificaciones" />
          </div>
        </div>
      )}
    >
      <Button type="text" shape="circle" aria-label="Notificaciones" icon={<BellOutlined style={{ fontSize: 18 }} />} />
    </Dropdown>
  );
}
