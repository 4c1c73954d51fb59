import { formatDate, formatDateTime } from '../lib/format';

/**
 * A date (`dd/mm/aaaa`), or a date and time, that never breaks inside: a narrow cell with
 * `overflow-wrap` cut «23/11/2026» into «23/11/202» and «6».
 */
export function Fecha({ value, conHora = false }: { value: string; conHora?: boolean }) {
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {conHora ? formatDateTime(value) : formatDate(value)}
    </time>
  );
}
