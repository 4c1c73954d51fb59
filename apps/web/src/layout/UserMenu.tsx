import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Grid } from 'antd';
import type { MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { signOut } from '../session/sign-out';
import { useUsuario } from '../session/session-query';
import { DeferredDropdown } from './DeferredDropdown';
import { initials } from './initials';

// Loaded when first opened: it keeps the first page load small.
const ProfileModal = lazy(async () => ({ default: (await import('./ProfileModal')).ProfileModal }));

const items: MenuProps['items'] = [
  { key: 'perfil', icon: <UserOutlined />, label: 'Perfil' },
  { type: 'divider' },
  { key: 'cerrar-sesion', icon: <LogoutOutlined />, label: 'Cerrar sesión', danger: true },
];

export function UserMenu() {
  const usuario = useUsuario();
  const [menuOpen, setMenuOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [profileRequested, setProfileRequested] = useState(false);
  const [button, setButton] = useState<HTMLElement | null>(null);
  const screens = Grid.useBreakpoint();
  const nombres = usuario?.nombres ?? '';
  const apellidos = usuario?.apellidos ?? '';
  const nombreCompleto = `${nombres} ${apellidos}`.trim();

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'perfil') {
      setProfileRequested(true);
      setProfileOpen(true);
    }
    if (key === 'cerrar-sesion') void signOut();
  };

  return (
    <>
      <DeferredDropdown
        menu={{ items, onClick }}
        trigger={['click']}
        placement="bottomRight"
        onOpenChange={(open) => setMenuOpen(open)}
      >
        {/*
          Named by the person's name, as shown (WCAG 2.5.3, label in name): no aria-label over it. The
          initials and the arrow only repeat it; on narrow screens the name stays for screen readers.
        */}
        <button
          type="button"
          ref={setButton}
          className="user-menu"
          data-testid="user-menu"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
        >
          {/* Not antd's Avatar: it brings Avatar.Group and its Popover into the first load. */}
          <span className="user-menu__avatar" aria-hidden="true">
            {initials(nombres, apellidos)}
          </span>
          <span className={screens.md !== false ? 'user-menu__name' : 'user-menu__name user-menu__name--screen-reader'}>
            {nombreCompleto || 'Menú de usuario'}
          </span>
          <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </button>
      </DeferredDropdown>
      {profileRequested && (
        <Suspense fallback={null}>
          {/* Opened from a menu that is gone by then: the focus goes back to the button that opened the menu. */}
          <ProfileModal open={profileOpen} onClose={() => setProfileOpen(false)} afterClose={() => button?.focus()} />
        </Suspense>
      )}
    </>
  );
}
