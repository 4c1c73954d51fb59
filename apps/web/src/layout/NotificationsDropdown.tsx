import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, theme } from 'antd';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { DeferredDropdown } from './DeferredDropdown';

const TAB_STOPS = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Whether this Tab leaves the panel: forwards past its last element, backwards from its start. */
function leavesPanel(event: KeyboardEvent<HTMLElement>): boolean {
  const panel = event.currentTarget;
  const stops = [...panel.querySelectorAll<HTMLElement>(TAB_STOPS)];
  const active = document.activeElement;
  return event.shiftKey ? active === panel || active === stops[0] : stops.length === 0 || active === stops.at(-1);
}

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
  const [bell, setBell] = useState<HTMLElement | null>(null);

  // The dropdown moves the focus into the panel on the first Tab and closed it on the next, so the
  // events and their links could not be reached by keyboard. Tab now moves through the panel
  // (unheard by the dropdown, which listens on the window); leaving it either way closes it and
  // gives the focus back to the bell.
  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    event.stopPropagation();
    if (!leavesPanel(event)) return;
    event.preventDefault();
    onOpenChange(false);
    bell?.focus();
  };
  return (
    <DeferredDropdown
      trigger={['click']}
      // Centred under the bell and slid sideways to stay in the window: on a phone neither side of the
      // bell has room for it, and a panel aligned to one side was cut by the window's edge.
      placement="bottom"
      open={open}
      onOpenChange={onOpenChange}
      popupRender={() => (
        <div
          role="dialog"
          aria-label="Notificaciones"
          // The dropdown focuses the panel itself on the first Tab.
          tabIndex={-1}
          className="notifications-panel"
          onKeyDown={onPanelKeyDown}
          style={{
            // No wider than a phone's window (less a margin).
            width: 'min(340px, calc(100vw - 16px))',
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
          ref={setBell}
          type="text"
          shape="circle"
          aria-label="Notificaciones"
          aria-haspopup="dialog"
          aria-expanded={open}
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
