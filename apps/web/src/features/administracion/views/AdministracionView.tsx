import { Col, Empty, Row } from 'antd';
import { Link } from 'react-router';
import { MenuIcon } from '../../../components/menu-icons';
import { PageHeader } from '../../../components/PageHeader';
import { canAccessModule } from '../../../session/permissions';
import { useMenu } from '../../../session/session-query';
import { ADMIN_SECTIONS } from '../sections';
import './administracion.css';

/** `/administracion`: the sections this person may use, each a link with what it is for. */
export function AdministracionView() {
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
                  <MenuIcon name={seccion.icon} />
                </span>
                <span className="admin-seccion__texto">
                  <span className="admin-seccion__titulo">{seccion.title}</span>
                  <span className="admin-seccion__descripcion">{seccion.description}</span>
                </span>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
