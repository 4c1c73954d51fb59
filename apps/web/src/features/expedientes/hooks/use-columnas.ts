import { useUsuario } from '../../../session/session-query';
import { columnasVisibles, ocultasDe, useColumnasGuardadas, type Columna } from '../columnas';

/** The list's columns for the signed-in person, and how to change them. */
export function useColumnas(): { visibles: Columna[]; elegir: (visibles: Columna[]) => void } {
  const usuario = useUsuario()?.username ?? '';
  const ocultas = useColumnasGuardadas((estado) => estado.ocultas[usuario]);
  const ocultar = useColumnasGuardadas((estado) => estado.ocultar);
  return { visibles: columnasVisibles(ocultas), elegir: (visibles) => ocultar(usuario, ocultasDe(visibles)) };
}
