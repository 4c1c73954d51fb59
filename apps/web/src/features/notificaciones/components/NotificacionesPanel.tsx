import { Empty } from 'antd';
import { Link } from 'react-router';
import type { Notificaciones } from '@ecodigital/contracts/notificaciones';
import { SCROLL_HEIGHT_NOTIFICATIONS_PX } from '../../../lib/constants';
import { formatDateTime, formatNumber } from '../../../lib/format';
import './notificaciones.css';

const CIFRAS: { campo: keyof Notificaciones['cifras']; etiqueta: string }[] = [
  { campo: 'documentos_subidos_hoy', etiqueta: 'Documentos subidos hoy' },
  { campo: 'descargas_hoy', etiqueta: 'Descargas hoy' },
  { campo: 'expedientes_nuevos_hoy', etiqueta: 'Expedientes nuevos hoy' },
];

/** Today's figures, the events that were new when the dropdown opened and the way to all of them. */
export default function NotificacionesPanel({
  cifras,
  eventos,
  onNavigate,
}: Pick<Notificaciones, 'cifras' | 'eventos'> & { onNavigate: () => void }) {
  return (
    <>
      <dl className="notif-cifras">
        {CIFRAS.map(({ campo, etiqueta }) => (
          <div key={campo}>
            <dd>{formatNumber(cifras[campo])}</dd>
            <dt>{etiqueta}</dt>
          </div>
        ))}
      </dl>
      <div
        className="notif-scroll"
        style={{ maxHeight: SCROLL_HEIGHT_NOTIFICATIONS_PX }}
        tabIndex={0}
        role="region"
        aria-label="Sus notificaciones"
      >
        {eventos.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin notificaciones" />
        ) : (
          <ul className="notif-list">
            {eventos.map((evento) => (
              <li key={`${evento.tipo}-${evento.id}`}>
                <Link
                  to={`/expedientes/ver/${evento.expediente.id_expediente}`}
                  state={{ numero: evento.expediente.numero }}
                  onClick={onNavigate}
                >
                  {evento.expediente.numero}
                </Link>
                <div className="notif-asunto">{evento.expediente.asunto}</div>
                <div>
                  {evento.usuario ? <strong>{evento.usuario.nombre_completo}: </strong> : <strong>Integridad: </strong>}
                  {evento.descripcion}
                </div>
                <time dateTime={evento.fecha} className="notif-fecha">
                  {formatDateTime(evento.fecha)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Link to="/notificaciones" className="notif-ver-todas" onClick={onNavigate}>
        Ver todas las notificaciones
      </Link>
    </>
  );
}
