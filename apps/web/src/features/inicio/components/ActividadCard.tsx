import { Empty, Skeleton } from 'antd';
import { Panel } from '../../../components/Panel';
import { Link } from 'react-router';
import { SCROLL_HEIGHT_LARGE_PX } from '../../../lib/constants';
import { formatDateTime } from '../../../lib/format';
import { useActividad } from '../api/get-actividad';
import { BlockError } from './BlockError';

/** Who changed what, and when, across the expedientes the person may see. */
export function ActividadCard() {
  const actividad = useActividad();
  return (
    <Panel title={<h2 className="inicio-card-title">Actividad reciente</h2>} style={{ height: '100%' }}>
      {actividad.isError ? (
        <BlockError what="la actividad reciente" onRetry={() => void actividad.refetch()} />
      ) : !actividad.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : actividad.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Todavía no hay actividad." />
      ) : (
        <div
          className="inicio-scroll"
          style={{ maxHeight: SCROLL_HEIGHT_LARGE_PX }}
          tabIndex={0}
          role="region"
          aria-label="Actividad reciente"
        >
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {actividad.data.map((evento) => (
              <li key={evento.id} className="inicio-row">
                <div className="inicio-row__main">
                  <div>
                    <strong>{evento.usuario.nombre_completo}</strong> · {evento.descripcion}
                  </div>
                  <div className="inicio-row__meta inicio-ellipsis">
                    <Link
                      to={`/expedientes/ver/${evento.expediente.id_expediente}`}
                      state={{ numero: evento.expediente.numero }}
                    >
                      {evento.expediente.numero}
                    </Link>
                    {' · '}
                    <span title={evento.expediente.asunto}>{evento.expediente.asunto}</span>
                  </div>
                </div>
                <time className="inicio-row__meta" dateTime={evento.fecha} style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(evento.fecha)}
                </time>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}
