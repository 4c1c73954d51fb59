import { Col, Empty, Row } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { canAccessModule } from '../../../session/permissions';
import { useMenu } from '../../../session/session-query';
import { ADMIN_SECTIONS, type AdminSectionModulo } from '../sections';
import './administracion.css';

/** What each section is for, on its card (here, not in `ADMIN_SECTIONS`: only this lazy view needs it). */
const DESCRIPTIONS: Record<AdminSectionModulo, string> = {
  'administracion/unidades': 'El árbol de la organización: añada, renombre, mueva o desactive unidades.',
  'administracion/personas': 'Busque a las personas, vea sus roles y su último acceso, y asígneles unidades.',
  'administracion/roles': 'Qué puede hacer cada rol, en una tabla de permisos.',
  'administracion/catalogos': 'Los tipos de expediente y los tipos documentales que ofrecen los formularios.',
  'administracion/calendario':
    'Los festivos nacionales, autonómicos y locales de cada año, que no cuentan en los plazos.',
  'administracion/auditoria': 'Cada cambio de la administración: quién, cuándo, qué, antes y después.',
  'administracion/indice': 'El texto leído de cada documento: estados, errores y reindexado.',
  'administracion/trabajos': 'Las colas de trabajos: cuántos esperan, los que fallaron y por qué; pausa y reintento.',
  'administracion/integridad':
    'La revisión periódica del SHA-256 de cada archivo guardado y los archivos ausentes o alterados.',
  'administracion/cuadro-clasificacion':
    'Las series documentales, su regla de conservación y la serie de cada tipo de expediente.',
  'administracion/eliminacion':
    'Los expedientes pendientes de dictamen y las actas de eliminación: redacción, aprobación y PDF firmado.',
};

/**
 * `/administracion`: the sections this person may use, each a link with what it is for. `renderIcon`
 * draws the icon a section names as the menu draws it (`MenuIcon`, given by the route: imported here,
 * it would leave the first load's chunk for one of its own).
 */
export function AdministracionView({ renderIcon }: { renderIcon: (icon: string) => ReactNode }) {
  const menu = useMenu();
  const secciones = ADMIN_SECTIONS.filter((seccion) => canAccessModule(menu, seccion.nom_modulo));
  return (
    <>
      <PageHeader title="Administración" subtitle="Organización, personas, permisos, catálogos y auditoría." />
      {secciones.length === 0 ? (
        <Empty description="No tiene ninguna sección de administración asignada." />
      ) : (
        <Row gutter={[16, 16]} role="list" aria-label="Secciones de administración">
          {secciones.map((seccion) => (
            <Col key={seccion.nom_modulo} xs={24} md={12} xl={8} role="listitem">
              <Link to={`/${seccion.nom_modulo}`} className="admin-seccion" data-testid="admin-seccion">
                <span className="admin-seccion__icono" aria-hidden="true">
                  {renderIcon(seccion.icon)}
                </span>
                <span className="admin-seccion__texto">
                  <span className="admin-seccion__titulo">{seccion.title}</span>
                  <span className="admin-seccion__descripcion">{DESCRIPTIONS[seccion.nom_modulo]}</span>
                </span>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
