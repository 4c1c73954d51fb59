import type { ExpedientesPorMes } from '@ecodigital/contracts/inicio';
import { formatNumber } from '../../../lib/format';
import { etiquetaMes, etiquetaMesLarga } from '../month-label';

const SERIES = [
  { campo: 'abiertos', nombre: 'Abiertos', color: '#0f766e' },
  { campo: 'cerrados', nombre: 'Cerrados', color: '#f59e0b' },
] as const;

/** Bars per month; the table beside it (visually hidden) is what a screen reader reads. */
export default function MonthlyChart({ meses }: { meses: ExpedientesPorMes }) {
  const maximo = Math.max(1, ...meses.flatMap((m) => [m.abiertos, m.cerrados]));
  return (
    <figure style={{ margin: 0 }}>
      <div aria-hidden="true">
        <div className="inicio-chart-bars">
          {meses.map((mes) => (
            <div
              key={mes.mes}
              className="inicio-chart-month"
              title={`${etiquetaMes(mes.mes)}: ${formatNumber(mes.abiertos)} abiertos, ${formatNumber(mes.cerrados)} cerrados`}
            >
              {SERIES.map((serie) => (
                <div
                  key={serie.campo}
                  className="inicio-chart-bar"
                  style={{ height: `${(mes[serie.campo] / maximo) * 100}%`, background: serie.color }}
                />
              ))}
            </div>
          ))}
        </div>
        <div className="inicio-chart-labels">
          {meses.map((mes) => (
            <span key={mes.mes}>{etiquetaMes(mes.mes).replace(' 20', ' ')}</span>
          ))}
        </div>
        <div className="inicio-legend">
          {SERIES.map((serie) => (
            <span key={serie.campo}>
              <i style={{ background: serie.color }} />
              {serie.nombre}
            </span>
          ))}
        </div>
      </div>
      <table className="visually-hidden">
        <caption>Expedientes abiertos y cerrados en cada uno de los últimos 12 meses</caption>
        <thead>
          <tr>
            <th scope="col">Mes</th>
            <th scope="col">Abiertos</th>
            <th scope="col">Cerrados</th>
          </tr>
        </thead>
        <tbody>
          {meses.map((mes) => (
            <tr key={mes.mes}>
              <th scope="row">{etiquetaMesLarga(mes.mes)}</th>
              <td>{formatNumber(mes.abiertos)}</td>
              <td>{formatNumber(mes.cerrados)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
