import {
  CloudUploadOutlined,
  FileOutlined,
  FileSearchOutlined,
  FolderOpenOutlined,
  HomeOutlined,
} from '@ant-design/icons';
import { lazy, Suspense, type ComponentType } from 'react';

/** The icons of the menu everybody sees at once: part of the first load. */
const inmediatos: Record<string, ComponentType> = {
  CloudUploadOutlined,
  FileOutlined,
  FileSearchOutlined,
  FolderOpenOutlined,
  HomeOutlined,
};

/**
 * Every other icon a menu entry may name, fetched when an entry shows it (the administration
 * area's, for instance, only reach the people who administer). Each is a small file of its own;
 * an explicit list, because importing the icon set by name would ship all of it.
 */
const diferidos: Record<string, ComponentType> = {
  ApartmentOutlined: lazy(() => import('@ant-design/icons/es/icons/ApartmentOutlined')),
  AppstoreOutlined: lazy(() => import('@ant-design/icons/es/icons/AppstoreOutlined')),
  AuditOutlined: lazy(() => import('@ant-design/icons/es/icons/AuditOutlined')),
  BarChartOutlined: lazy(() => import('@ant-design/icons/es/icons/BarChartOutlined')),
  CalendarOutlined: lazy(() => import('@ant-design/icons/es/icons/CalendarOutlined')),
  ClusterOutlined: lazy(() => import('@ant-design/icons/es/icons/ClusterOutlined')),
  DashboardOutlined: lazy(() => import('@ant-design/icons/es/icons/DashboardOutlined')),
  DeleteOutlined: lazy(() => import('@ant-design/icons/es/icons/DeleteOutlined')),
  FileProtectOutlined: lazy(() => import('@ant-design/icons/es/icons/FileProtectOutlined')),
  FileTextOutlined: lazy(() => import('@ant-design/icons/es/icons/FileTextOutlined')),
  FolderOutlined: lazy(() => import('@ant-design/icons/es/icons/FolderOutlined')),
  InboxOutlined: lazy(() => import('@ant-design/icons/es/icons/InboxOutlined')),
  SafetyCertificateOutlined: lazy(() => import('@ant-design/icons/es/icons/SafetyCertificateOutlined')),
  SettingOutlined: lazy(() => import('@ant-design/icons/es/icons/SettingOutlined')),
  TeamOutlined: lazy(() => import('@ant-design/icons/es/icons/TeamOutlined')),
  UnorderedListOutlined: lazy(() => import('@ant-design/icons/es/icons/UnorderedListOutlined')),
  UploadOutlined: lazy(() => import('@ant-design/icons/es/icons/UploadOutlined')),
  UserOutlined: lazy(() => import('@ant-design/icons/es/icons/UserOutlined')),
};

/** Holds an icon's place (1 em, like antd's icons) while it arrives, so the menu does not shift. */
const HUECO = <span className="anticon" aria-hidden="true" style={{ width: '1em', height: '1em' }} />;

export function MenuIcon({ name }: { name: string | null }) {
  const Inmediato = name ? inmediatos[name] : undefined;
  if (Inmediato) return <Inmediato />;
  const Diferido = name ? diferidos[name] : undefined;
  if (!Diferido) return <FileOutlined />;
  return (
    <Suspense fallback={HUECO}>
      <Diferido />
    </Suspense>
  );
}
