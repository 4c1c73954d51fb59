import type { AsignarUnidades, PersonaAdmin } from '@ecodigital/contracts/administracion';
import type { UnidadReferencia } from '@ecodigital/contracts/comunes';
import type { Database } from '../../db/database';
import { registrarAuditoria } from '../../shared/auditoria';
import type { Caller } from '../../shared/caller/caller';
import { alPerderUnidades } from '../../shared/pertenencia';
import { unidadLegible } from './auditoria.legible';
import { conflicto, MENSAJES_ADMINISTRACION, noValido, personaNoExiste } from './administracion.mensajes';
import {
  existePersona,
  findPersona,
  findUnidadesDePersona,
  findUnidadesPorId,
  replaceUnidadesDePersona,
} from './personas.repository';

/** «Unidades de Ana Romero Gil: añadió «Hacienda (LA0019008)»; quitó «Tesorería (LA0019014)».» */
function descripcionUnidades(
  persona: string,
  antes: readonly UnidadReferencia[],
  despues: readonly UnidadReferencia[],
): string {
  const nombrar = (lista: readonly UnidadReferencia[]) => lista.map((u) => `«${unidadLegible(u)}»`).join(', ');
  const anadidas = despues.filter((u) => !antes.some((a) => a.id === u.id));
  const quitadas = antes.filter((u) => !despues.some((d) => d.id === u.id));
  const partes = [
    anadidas.length ? `añadió ${nombrar(anadidas)}` : '',
    quitadas.length ? `quitó ${nombrar(quitadas)}` : '',
  ].filter(Boolean);
  return `Unidades de ${persona}: ${partes.join('; ')}${despues.length ? '' : ' (ya no tiene ninguna)'}.`;
}

/**
 * Makes `unidades` the person's unidades. A unidad they already had may stay even if deactivated
 * since; a new one must be active. In groups claim mode the identity provider decides: 409. Leaving
 * a unidad ends what it made possible (`alPerderUnidades`), in the same transaction.
 */
export async function asignarUnidades(
  db: Database,
  caller: Caller,
  id: number,
  body: AsignarUnidades,
  porGrupos: boolean,
): Promise<{ persona: PersonaAdmin; cambiada: boolean }> {
  if (porGrupos) throw conflicto(MENSAJES_ADMINISTRACION.unidadesPorGrupos);
  return db.transaction(async (tx) => {
    if (!(await existePersona(tx, id))) throw personaNoExiste();
    const antes = await findUnidadesDePersona(tx, id);
    const pedidas = await findUnidadesPorId(tx, body.unidades);
    if (pedidas.length !== new Set(body.unidades).size) throw noValido(MENSAJES_ADMINISTRACION.unidadesNoExisten);
    const yaTenia = new Set(antes.map((unidad) => unidad.id));
    const inactivasNuevas = pedidas.filter((unidad) => !unidad.activa && !yaTenia.has(unidad.id));
    if (inactivasNuevas.length) {
      throw noValido(MENSAJES_ADMINISTRACION.unidadesInactivas(inactivasNuevas.map((u) => `«${u.nombre}»`).join(', ')));
    }
    const codigos = (lista: { codigo: string }[]) => lista.map((unidad) => unidad.codigo).sort();
    const cambiada = JSON.stringify(codigos(antes)) !== JSON.stringify(codigos(pedidas));
    if (cambiada) {
      await replaceUnidadesDePersona(tx, id, body.unidades);
      if (antes.some((unidad) => !body.unidades.includes(unidad.id))) {
        await alPerderUnidades(tx, id, {
          autor: caller.id_usuario,
          porque: MENSAJES_ADMINISTRACION.responsableRetirado,
        });
      }
      const persona = (await findPersona(tx, id))!;
      await registrarAuditoria(tx, {
        id_usuario: caller.id_usuario,
        accion: 'usuario.unidades',
        entidad: 'usuario',
        id_entidad: id,
        descripcion: descripcionUnidades(persona.nombre_completo, antes, pedidas),
        antes: codigos(antes),
        despues: codigos(pedidas),
      });
    }
    return { persona: (await findPersona(tx, id))!, cambiada };
  });
}
