import { Col, Row, Skeleton } from 'antd';
import { Panel } from '../../../components/Panel';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { useCifras } from '../api/get-cifras';
import { CIFRAS, enlaceDeCifra } from '../figure-links';
import { BlockError } from './BlockError';

/** The four figures, each a link to the list filtered the same way. */
export function FigureCards() {
  const cifras = useCifras();
  if (cifras.isError) return <BlockError what="las cifras" onRetry={() => void cifras.refetch()} />;
  return (
    <Row gutter={[16, 16]}>
      {CIFRAS.map(({ cifra, etiqueta }) => (
        <Col key={cifra} xs={24} sm={12} xl={6}>
          {cifras.data ? (
            <Link to={enlaceDeCifra(cifra)} className="inicio-figure" data-cifra={cifra}>
              <Panel hoverable>
                <div className="inicio-figure__value">{formatNumber(cifras.data[cifra])}</div>
                <div className="inicio-figure__label">{etiqueta}</div>
              </Panel>
            </Link>
          ) : (
            <Panel aria-busy="true">
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </Panel>
          )}
        </Col>
      ))}
    </Row>
  );
}
