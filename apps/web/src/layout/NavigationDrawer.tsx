import { Drawer } from 'antd';
import { productName } from '../lib/runtime-config';
import { SideMenu } from './SideMenu';

/** The side menu on narrow screens. */
export function NavigationDrawer({ open, width, onClose }: { open: boolean; width: number; onClose: () => void }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={width}
      title={productName()}
      styles={{ body: { padding: 0 } }}
    >
      <SideMenu onNavigate={onClose} />
    </Drawer>
  );
}
