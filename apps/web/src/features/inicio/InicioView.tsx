import { Col, Flex, Row } from 'antd';
import { PageHeader } from '../../components/PageHeader';
import { useUsuario } from '../../session/session-query';
import { ActividadCard } from './components/ActividadCard';
import { ChartCards } from './components/ChartCards';
import { FigureCards } from './components/FigureCards';
import { MisExpedientesCard } from './components/MisExpedientesCard';
import { PlazosCard } from './components/PlazosCard';
import './components/inicio.css';

/** Inicio: the person's work at a glance. Each block loads, fails and retries on its own. */
export function InicioView() {
  const nombres = useUsuario()?.nombres;
  return (
    <>
      <PageHeader
        title={nombres ? `Hola, ${nombres}` : 'Inicio'}
        subtitle="Resumen de los expedientes que puede ver y de su actividad."
      />
      <Flex vertical gap={16}>
        <FigureCards />
        <PlazosCard />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <MisExpedientesCard />
          </Col>
          <Col xs={24} xl={12}>
            <ActividadCard />
          </Col>
        </Row>
        <ChartCards />
      </Flex>
    </>
  );
}
