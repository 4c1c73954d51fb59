import { Col, Empty, Row, Skeleton } from 'antd';
import { Panel } from '../../../components/Panel';
import { lazy, Suspense } from 'react';
import { usePorMes } from '../api/get-por-mes';
import { usePorTipoDocumental } from '../api/get-por-tipo-documental';
import { BlockError } from './BlockError';

// The charts load after the figures, so the first screen stays light.
const MonthlyChart = lazy(() => import('./MonthlyChart'));
const TipoDocumentalChart = lazy(() => import('./TipoDocumentalChart'));

const cargando = <Skeleton active paragraph={{ rows: 5 }} />;

function PorMesCard() {
  const porMes = usePorMes();
  return (
    <Panel title={<h2 className="inicio-card-title">Expedientes abiertos y cerrados por mes</h2>}>
      {porMes.isError ? (
        <BlockError what="el gráfico por mes" onRetry={() => void porMes.refetch()} />
      ) : porMes.data ? (
        <Suspense fallback={cargando}>
          <MonthlyChart meses={porMes.data} />
        </Suspense>
      ) : (
        cargando
      )}
    </Panel>
  );
}

function PorTipoCard() {
  const porTipo = usePorTipoDocumental();
  const vacio = porTipo.data?.every((tipo) => tipo.total === 0);
  return (
    <Panel
      title={<h2 className="inicio-card-title">Documentos por tipo documental</h2>}

      style={{ height: '100%' }}
    >
      {porTipo.isError ? (
        <BlockError what="el gráfico por tipo documental" onRetry={() => void porTipo.refetch()} />
      ) : porTipo.data ? (
        vacio ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Todavía no hay documentos." />
        ) : (
          <Suspense fallback={cargando}>
            <TipoDocumentalChart tipos={porTipo.data} />
          </Suspense>
        )
      ) : (
        cargando
      )}
    </Panel>
  );
}

export function ChartCards() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <PorMesCard />
      </Col>
      <Col xs={24} xl={10}>
        <PorTipoCard />
      </Col>
    </Row>
  );
}
