import type { Queryable } from '../../db/database';
import { cargarFestivos } from '../../shared/plazos/calendario';
import { diasHabilesRestantes, sumarDiasHabiles } from '../../shared/plazos/computo';
import { insertEvento } from '../expedientes/expedientes.public';

export const COLA_AVISOS_PLAZO = 'avisos-plazo';

type EventoAviso = 'plazo_proximo' | 'plazo_vence_hoy';

const fechaEs = (dia: string) => dia.split('-').reverse().join('/');

function descripcion(evento: EventoAviso, fechaLimite: string, quedan: number): string {
  if (evento === 'plazo_vence_hoy') return `Aviso: el plazo de resolución vence hoy, ${fechaEs(fechaLimite)}.`;
  return `Aviso: el plazo de resolución vence el ${fechaEs(fechaLimite)} (${quedan === 1 ? 'queda 1 día hábil' : `quedan ${quedan} días hábiles`}).`;
}

/**
 * Tells each responsable, through their notifications and the historial, what falls due: once
 * when `avisoDias` working days or fewer are left, and once on the last day. Each aviso is
 * recorded in `aviso_plazo` under its expediente, event and deadline: the insert that finds it
 * there does nothing, so two instances (or two runs) never send one twice. A deadline that moves
 * (a suspension, a new holiday) is a new deadline and warned of again. Answers how many were sent.
 */
export async function enviarAvisos(tx: Queryable, hoy: string, avisoDias: number): Promise<number> {
  const festivos = await cargarFestivos(tx);
  const hasta = sumarDiasHabiles(hoy, avisoDias, festivos);
  const candidatos = await tx.query<{ id_expediente: number; id_responsable: number; fecha_limite: string }>(
    `SELECT p.id_expediente, e.id_responsable, to_char(p.fecha_limite, 'YYYY-MM-DD') AS fecha_limite
     FROM plazo_expediente p JOIN expediente e ON e.id_expediente = p.id_expediente
     WHERE p.suspendido_desde IS NULL AND e.estado IN ('abierto', 'en_tramite') AND e.id_responsable IS NOT NULL
       AND p.fecha_limite BETWEEN $1 AND $2
     ORDER BY p.fecha_limite, p.id_expediente`,
    [hoy, hasta],
  );
  let enviados = 0;
  for (const candidato of candidatos) {
    const evento: EventoAviso = candidato.fecha_limite === hoy ? 'plazo_vence_hoy' : 'plazo_proximo';
    const [nuevo] = await tx.query(
      `INSERT INTO aviso_plazo (id_expediente, evento, fecha_limite) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [candidato.id_expediente, evento, candidato.fecha_limite],
    );
    if (!nuevo) continue;
    await insertEvento(tx, {
      id_expediente: candidato.id_expediente,
      // Nobody did it: the aviso stands in the historial under the person it is for.
      id_usuario: candidato.id_responsable,
      evento,
      descripcion: descripcion(
        evento,
        candidato.fecha_limite,
        diasHabilesRestantes(hoy, candidato.fecha_limite, festivos),
      ),
      id_notificado: candidato.id_responsable,
    });
    enviados++;
  }
  return enviados;
}
