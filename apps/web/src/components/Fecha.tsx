import { formatDate, formatDateTime } from '../lib/format';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A date (`dd/mm/aaaa`), or a date and time, that never breaks inside: a narrow cell with
 * `overflow-wrap` cut «23/11/2026» into «23/11/202» and «6». With its time, the time may go below
 * the date where both do not fit (at 320 px a document's card let «29/11/2026 10:37» stick out).
 */
export function Fecha({ value, conHora = false }: { value: string; conHora?: boolean }) {
  if (!conHora) {
    return (
      <time dateTime={value} style={NOWRAP}>
        {formatDate(value)}
      </time>
    );
  }
  const [dia = '', hora = ''] = formatDateTime(value).split(' ');
  return (
    <time dateTime={value}>
      <span style={NOWRAP}>{dia}</span> <span style={NOWRAP}>{hora}</span>
    </time>
  );
}
