import type { ExpedientesPorMes } from '@ecodigital/contracts/inicio';
import { formatNumber } from '../../../lib/format';
import { etiquetaMes, etiquetaMesLarga } from '../month-label';

const SERIES = [
  { campo: 'abiertos', nombre: 'Abiertos', color: '#0f766e' },
  { campo: 'cerrados', nombre: 'Cerrados', color: '#f59e0b' },
] as const;

/** `2026-05` → the month and, below it, the year's last two digits («may», «26»). */
function etiquetaCorta(mes: string): [string, string] {
  const [nombre = mes, anio = ''] = etiquetaMes(mes).split(' ');
  return [nombre, anio.slice(-2)];
}

/**
 * Bars per month, each month's label in the same column as its bars so they cannot drift apart;
 * on a narrow chart the labels turn upright (`inicio.css`). The table beside it (visually hidden)
 * is what a screen reader reads.
 */
export default function MonthlyChart({ meses }: { meses: ExpedientesPorMes }) {
  const maximo = Math.max(1, ...meses.flatMap((m) => [m.abiertos, m.cerrados]));
  return (
    <figure className="inicio-chart">
      <div aria-hidden="true">
        <div className="inicio-chart-months">
          {meses.map((mes) => {
            const [nombre, anio] = etiquetaCorta(mes.mes);
            return (
              <div
                key={mes.mes}
                className="inicio-chart-month"
                title={`${etiquetaMes(mes.mes)}: ${formatNumber(mes.abiertos)} abiertos, ${formatNumber(mes.cerrados)} cerrados`}
              >
                <div className="inicio-chart-month__bars">
                  {SERIES.map((serie) => (
                    <div key={serie.campo} className="inicio-chart-column" data-serie={serie.campo}>
                      {/* The figure over its bar: read at a glance, not only by hovering or by a screen reader. */}
                      <span className="inicio-chart-value">{formatNumber(mes[serie.campo])}</span>
                      <div
                        className="inicio-chart-bar"
                        style={{ height: `${(mes[serie.campo] / maximo) * 80}%`, background: serie.color }}
                      />
                    </div>
                  ))}
                </div>
                <span className="inicio-chart-month__label">
                  {nombre} {anio}
                </span>
              </div>
            );
          })}
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
      {/* Hidden in a box of its own: a table is never narrower than its text, whatever its width says. */}
      <div className="visually-hidden">
        <table>
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
      </div>
    </figure>
  );
}
