import { HomeOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { Link } from 'react-router';
import type { MenuItem } from '@ecodigital/contracts/session';
import { HOME_PATH, SIDE_MENU_HEIGHT, SIDE_MENU_TRANSITION_MS } from '../lib/constants';
import { menuPath } from '../session/menu-search';
import { useMenu, useUsuario } from '../session/session-query';
import { useActiveMenu } from './use-active-menu';
import { MenuIcon } from '../components/menu-icons';

type AntdMenuItem = NonNullable<MenuProps['items']>[number];

/**
 * Every menu entry is itself a page, parents included, so children are listed right under their
 * parent (indented) instead of inside a collapsible submenu whose title could not be selected.
 */
function toMenuItems(menu: readonly MenuItem[], depth = 0): AntdMenuItem[] {
  return menu.flatMap((item) => [
    {
      key: menuPath(item),
      icon: <MenuIcon name={item.icon} />,
      label: <Link to={menuPath(item)}>{item.nom_mostrar}</Link>,
      className: depth > 0 ? `side-menu__item side-menu__item--depth-${Math.min(depth, 3)}` : 'side-menu__item',
      title: item.nom_mostrar,
    },
    ...toMenuItems(item.children ?? [], depth + 1),
  ]);
}

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const menu = useMenu();
  const activeMenu = useActiveMenu();
  const nombres = useUsuario()?.nombres ?? '';

  const items: AntdMenuItem[] = [
    { key: HOME_PATH, icon: <HomeOutlined />, label: <Link to={HOME_PATH}>Inicio</Link>, className: 'side-menu__item' },
    { type: 'divider' },
    ...toMenuItems(menu),
  ];

  return (
    <div className="side-menu">
      <div className="side-menu__person">
        <span className="side-menu__greeting">Bienvenido/a</span>
        <strong data-testid="sider-nombres" className="side-menu__nombres">
          {nombres}
        </strong>
      </div>
      <nav
        aria-label="Menú principal"
        className="side-menu__scroll"
        style={{ height: SIDE_MENU_HEIGHT, transition: `all ${SIDE_MENU_TRANSITION_MS}ms ease` }}
      >
        <Menu
          mode="inline"
          items={items}
          selectedKeys={activeMenu ? [activeMenu] : []}
          onClick={() => onNavigate?.()}
        />
      </nav>
    </div>
  );
}
