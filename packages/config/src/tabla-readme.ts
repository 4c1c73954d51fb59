import type { Proceso, Variable } from './variable';
import { VARIABLES } from './variables';

const MARCA_INICIO = '<!-- tabla de configuración: generada por `npm run docs:config` desde packages/config -->';
const MARCA_FIN = '<!-- fin de la tabla de configuración -->';

const ORDEN_COMANDO = /^npm /;
const proceso = (nombre: Proceso) => (ORDEN_COMANDO.test(nombre) ? `\`${nombre}\`` : nombre);

function porDefecto(variable: Variable): string {
  if (variable.porDefectoDoc) return variable.porDefectoDoc;
  return variable.porDefecto === undefined ? '—' : `\`${variable.porDefecto}\``;
}

/** The README's configuration table, one row per variable of `VARIABLES`, between its two marks. */
function tablaConfiguracion(): string {
  const filas = Object.entries(VARIABLES).map(
    ([nombre, variable]: [string, Variable]) =>
      `| \`${nombre}\` | ${variable.procesos.map(proceso).join(', ')} | ${porDefecto(variable)} | ${variable.descripcion} |`,
  );
  return [
    MARCA_INICIO,
    '',
    '| variable | proceso | por defecto | significado |',
    '|---|---|---|---|',
    ...filas,
    '',
    MARCA_FIN,
  ].join('\n');
}

/** `readme` with its table replaced by the generated one (the marks must be there). */
export function conTablaActualizada(readme: string): string {
  const inicio = readme.indexOf(MARCA_INICIO);
  const fin = readme.indexOf(MARCA_FIN);
  if (inicio < 0 || fin < inicio) throw new Error('README.md no tiene las marcas de la tabla de configuración.');
  return readme.slice(0, inicio) + tablaConfiguracion() + readme.slice(fin + MARCA_FIN.length);
}
