import type { DocumentosPorTipo } from '@ecodigital/contracts/inicio';
import { formatNumber } from '../../../lib/format';

/** One horizontal bar per tipo documental; the hidden table is the text alternative. */
export default function TipoDocumentalChart({ tipos }: { tipos: DocumentosPorTipo }) {
  const maximo = Math.max(1, ...tipos.map((tipo) => tipo.total));
  return (
    <figure style={{ margin: 0 }}>
      <div aria-hidden="true">
        {tipos.map((tipo) => (
          <div key={tipo.id_tipo_documental} className="inicio-hbar">
            <span className="inicio-ellipsis">{tipo.nombre}</span>
            <div className="inicio-hbar__track">
              <div className="inicio-hbar__fill" style={{ width: `${(tipo.total / maximo) * 100}%` }} />
            </div>
            <span className="inicio-hbar__value">{formatNumber(tipo.total)}</span>
          </div>
        ))}
      </div>
      {/* Hidden in a box of its own: a table is never narrower than its text, whatever its width says. */}
      <div className="visually-hidden">
        <table>
          <caption>Documentos por tipo documental</caption>
          <thead>
            <tr>
              <th scope="col">Tipo documental</th>
              <th scope="col">Documentos</th>
            </tr>
          </thead>
          <tbody>
            {tipos.map((tipo) => (
              <tr key={tipo.id_tipo_documental}>
                <th scope="row">{tipo.nombre}</th>
                <td>{formatNumber(tipo.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
