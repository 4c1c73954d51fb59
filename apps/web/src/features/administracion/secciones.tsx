import {
  ApartmentOutlined,
  AuditOutlined,
  CalendarOutlined,
  DashboardOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export interface SeccionAdministracion {
  /** The menu's route name; the path is `/<nom_modulo>`. */
  nom_modulo: string;
  titulo: string;
  descripcion: string;
  icono: ReactNode;
}

/** The administration screens, in menu order. Who sees each one is the menu's business (its permiso). */
export const SECCIONES: readonly SeccionAdministracion[] = [
  {
    nom_modulo: 'administracion/unidades',
    titulo: 'Unidades',
    descripcion: 'El árbol de la organización: añada, renombre, mueva o desactive unidades.',
    icono: <ApartmentOutlined />,
  },
  {
    nom_modulo: 'administracion/personas',
    titulo: 'Personas',
    descripcion: 'Busque a las personas, vea sus roles y su último acceso, y asígneles unidades.',
    icono: <TeamOutlined />,
  },
  {
    nom_modulo: 'administracion/roles',
    titulo: 'Roles y permisos',
    descripcion: 'Qué puede hacer cada rol, en una tabla de permisos.',
    icono: <SafetyCertificateOutlined />,
  },
  {
    nom_modulo: 'administracion/catalogos',
    titulo: 'Catálogos',
    descripcion: 'Los tipos de expediente y los tipos documentales que ofrecen los formularios.',
    icono: <UnorderedListOutlined />,
  },
  {
    nom_modulo: 'administracion/calendario',
    titulo: 'Calendario laboral',
    descripcion: 'Los festivos nacionales, autonómicos y locales de cada año, que no cuentan en los plazos.',
    icono: <CalendarOutlined />,
  },
  {
    nom_modulo: 'administracion/auditoria',
    titulo: 'Auditoría',
    descripcion: 'Cada cambio de la administración: quién, cuándo, qué, antes y después.',
    icono: <AuditOutlined />,
  },
  {
    nom_modulo: 'administracion/indice',
    titulo: 'Índice de búsqueda',
    descripcion: 'El texto leído de cada documento: estados, errores y reindexado.',
    icono: <FileSearchOutlined />,
  },
  {
    nom_modulo: 'administracion/trabajos',
    titulo: 'Colas de trabajos',
    descripcion: 'Las colas de trabajos: cuántos esperan, los que fallaron y por qué; pausa y reintento.',
    icono: <DashboardOutlined />,
  },
  {
    nom_modulo: 'administracion/integridad',
    titulo: 'Integridad de los documentos',
    descripcion: 'La revisión periódica del SHA-256 de cada archivo guardado y los archivos ausentes o alterados.',
    icono: <FileProtectOutlined />,
  },
];
