import { Empty, Flex, Skeleton } from 'antd';
import { Link } from 'react-router';
import type { FiltroPlazo } from '@ecodigital/contracts/plazos.rules';
import { Panel } from '../../../components/Panel';
import { Vencimiento } from '../../../components/Vencimiento';
import { SCROLL_HEIGHT_MEDIUM_PX } from '../../../lib/constants';
import { formatNumber } from '../../../lib/format';
import { usePlazos } from '../api/get-plazos';
import { BlockError } from './BlockError';

const CIFRAS: { filtro: FiltroPlazo; clave: 'vencidos' | 'esta_semana' | 'suspendidos'; etiqueta: string }[] = [
  { filtro: 'vencido', clave: 'vencidos', etiqueta: 'Vencidos' },
  { filtro: 'esta_semana', clave: 'esta_semana', etiqueta: 'Vencen esta semana' },
  { filtro: 'suspendido', clave: 'suspendidos', etiqueta: 'Suspendidos' },
];

/** Plazos among what the person sees: what is overdue and what falls due this week, soonest first. */
export function PlazosCard() {
  const plazos = usePlazos();
  return (
    <Panel title={<h2 className="inicio-card-title">Plazos</h2>} data-testid="inicio-plazos">
      {plazos.isError ? (
        <BlockError what="los plazos" onRetry={() => void plazos.refetch()} />
      ) : !plazos.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={24} wrap>
            {CIFRAS.map(({ filtro, clave, etiqueta }) => (
              <Link key={filtro} to={`/expedientes?plazo=${filtro}`} data-testid={`plazos-${filtro}`}>
                <strong style={{ fontSize: 20 }}>{formatNumber(plazos.data[clave])}</strong> {etiqueta}
              </Link>
            ))}
          </Flex>
          {plazos.data.proximos.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nada vencido ni que venza esta semana." />
          ) : (
            <div
              className="inicio-scroll"
              style={{ maxHeight: SCROLL_HEIGHT_MEDIUM_PX }}
              tabIndex={0}
              role="region"
              aria-label="Plazos vencidos y de esta semana"
            >
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {plazos.data.proximos.map((expediente) => (
                  <li key={expediente.id_expediente} className="inicio-row" data-testid="plazo-proximo">
                    <div className="inicio-row__main">
                      <Link to={`/expedientes/ver/${expediente.id_expediente}`} className="inicio-row__title">
                        {expediente.numero}
                      </Link>
                      <div className="inicio-row__meta inicio-ellipsis" title={expediente.asunto}>
                        {expediente.asunto}
                      </div>
                    </div>
                    <div style={{ textAlign: 'right' }}>
                      <Vencimiento plazo={expediente} apilado />
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Flex>
      )}
    </Panel>
  );
}
