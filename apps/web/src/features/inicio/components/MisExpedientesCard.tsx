import { Empty, Skeleton } from 'antd';
import { Panel } from '../../../components/Panel';
import { Link } from 'react-router';
import { EstadoTag } from '../../../components/EstadoTag';
import { SCROLL_HEIGHT_MEDIUM_PX } from '../../../lib/constants';
import { formatDate } from '../../../lib/format';
import { useMisExpedientes } from '../api/get-mis-expedientes';
import { BlockError } from './BlockError';

/** The person's open expedientes, oldest first: what is waiting longest comes first. */
export function MisExpedientesCard() {
  const mios = useMisExpedientes();
  return (
    <Panel title={<h2 className="inicio-card-title">Mis expedientes</h2>} style={{ height: '100%' }}>
      {mios.isError ? (
        <BlockError what="sus expedientes" onRetry={() => void mios.refetch()} />
      ) : !mios.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : mios.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tiene expedientes abiertos a su cargo." />
      ) : (
        <div
          className="inicio-scroll"
          style={{ maxHeight: SCROLL_HEIGHT_MEDIUM_PX }}
          tabIndex={0}
          role="region"
          aria-label="Mis expedientes"
        >
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {mios.data.map((expediente) => (
              <li key={expediente.id_expediente} className="inicio-row">
                <div className="inicio-row__main">
                  <Link
                    to={`/expedientes/ver/${expediente.id_expediente}`}
                    state={{ numero: expediente.numero }}
                    className="inicio-row__title"
                  >
                    {expediente.numero}
                  </Link>
                  <div className="inicio-row__meta inicio-ellipsis" title={expediente.asunto}>
                    {expediente.asunto}
                  </div>
                </div>
                <div style={{ textAlign: 'right' }}>
                  <EstadoTag estado={expediente.estado} />
                  <div className="inicio-row__meta">Apertura {formatDate(expediente.fecha_apertura)}</div>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}
