import { MenuOutlined } from '@ant-design/icons';
import { Button, Grid, Layout, Space } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { SIDE_MENU_TRANSITION_MS } from '../lib/constants';
import { focusPageTitle, MAIN_CONTENT_ID } from '../lib/page-focus';
import { productName } from '../lib/runtime-config';
import { SideMenu } from './SideMenu';
import { ToastHost } from './ToastHost';
import { useFocusRescue } from './use-focus-rescue';
import { UserMenu } from './UserMenu';
import './layout.css';

// «Buscar en documentos», the longest entry, reads whole beside its indentation.
const SIDER_WIDTH = 272;

// Only narrow screens need the drawer; loading it on demand keeps the first page load small.
const NavigationDrawer = lazy(async () => ({ default: (await import('./NavigationDrawer')).NavigationDrawer }));

function Logo() {
  return (
    <Link to="/" className="app-logo" aria-label={`${productName()}: inicio`}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#0f766e" />
        <path
          d="M9 22c0-8 6-13 14-13-1 8-6 14-14 13Zm0 0 7-7"
          stroke="#ecfdf5"
          strokeWidth="2.2"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span className="app-logo__name">{productName()}</span>
    </Link>
  );
}

/**
 * The first Tab stop of every page (WCAG 2.4.1): past the header and the menu, to the view's title
 * (or the main content). Out of sight until it has the focus.
 */
function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // The focus, not the URL: a fragment would become part of the route.
        event.preventDefault();
        focusPageTitle();
      }}
    >
      Saltar al contenido principal
    </a>
  );
}

/**
 * The frame: header, side menu (a drawer on narrow screens), footer and the toast area.
 * `notifications` is the header's bell, composed in `app/` from the notifications feature.
 */
export function AppLayout({ children, notifications }: { children: ReactNode; notifications?: ReactNode }) {
  const screens = Grid.useBreakpoint();
  const narrow = screens.lg === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerRequested, setDrawerRequested] = useState(false);
  const location = useLocation();
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  useFocusRescue();

  // Close the drawer once a navigation happened.
  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    if (drawerOpen) setDrawerOpen(false);
  }

  return (
    <Layout className="app-shell">
      <SkipLink />
      <ToastHost />
      <Layout.Header className="app-header">
        <Space size={12}>
          {narrow && (
            <Button
              type="text"
              aria-label="Abrir menú"
              icon={<MenuOutlined />}
              onClick={() => {
                setDrawerRequested(true);
                setDrawerOpen(true);
              }}
            />
          )}
          <Logo />
        </Space>
        <Space size={16}>
          {notifications}
          <UserMenu />
        </Space>
      </Layout.Header>
      <Layout hasSider={!narrow}>
        {narrow ? (
          drawerRequested && (
            <Suspense fallback={null}>
              <NavigationDrawer open={drawerOpen} width={SIDER_WIDTH + 30} onClose={() => setDrawerOpen(false)} />
            </Suspense>
          )
        ) : (
          <Layout.Sider
            width={SIDER_WIDTH}
            theme="light"
            className="app-sider"
            style={{ transition: `all ${SIDE_MENU_TRANSITION_MS}ms ease` }}
          >
            <SideMenu />
          </Layout.Sider>
        )}
        <Layout className="app-main">
          <Layout.Content className="app-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
            {children}
          </Layout.Content>
          <Layout.Footer className="app-footer">{`${productName()} © ${new Date().getFullYear()}`}</Layout.Footer>
        </Layout>
      </Layout>
    </Layout>
  );
}
