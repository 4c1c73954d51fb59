import { Col, Row } from 'antd';
import { CATALOGOS_EDITABLES } from '@ecodigital/contracts/administracion.rules';
import { PageHeader } from '../../../components/PageHeader';
import { CatalogoCard } from '../components/CatalogoCard';
import './administracion.css';

/** `/administracion/catalogos`: the tipos de expediente and tipos documentales the forms offer. */
export function CatalogosView() {
  return (
    <>
      <PageHeader
        title="Catálogos"
        subtitle="Las entradas en uso no se borran: se desactivan, y los registros que las usan las conservan."
      />
      <Row gutter={[16, 16]}>
        {CATALOGOS_EDITABLES.map((catalogo) => (
          <Col key={catalogo} xs={24} xxl={12}>
            <CatalogoCard catalogo={catalogo} />
          </Col>
        ))}
      </Row>
    </>
  );
}
