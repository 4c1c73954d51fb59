import type { Expediente } from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { iniciarPersonas, type PersonasDemo } from '../../testing/personas';
import { useTestStack } from '../../testing/test-stack';
import { samplePdf } from '../documentos/inspection/testing/sample-files';
import { subirArchivo } from '../documentos/texto/testing/subir';

/**
 * «Última actualización» is when anything in the expediente last changed: its documents and its
 * grants too, not only its own fields; and none of those raises the version an edit is checked by.
 */
describe('the last update of an expediente', () => {
  const stack = useTestStack();
  let personas: PersonasDemo;
  let expediente: Expediente;
  const HACE_TIEMPO = '2020-01-01T00:00:00.000Z';

  beforeAll(async () => {
    personas = await iniciarPersonas(stack);
    const creado = await personas.as.gestor.post('/api/expedientes', {
      asunto: 'Licencia de obra con documentos y accesos',
      id_tipo: 1,
      id_unidad: await idUnidad(stack.app().db, CODIGOS.urbanismo),
    });
    expect(creado.statusCode, creado.body).toBe(201);
    expediente = creado.json().data;
  });

  /** Puts the last update far back, does `cambio`, and answers the expediente as the API shows it then. */
  async function despuesDe(cambio: () => Promise<void>): Promise<Expediente> {
    await stack
      .app()
      .db.query('UPDATE expediente SET actualizado_en = $2 WHERE id_expediente = $1', [
        expediente.id_expediente,
        HACE_TIEMPO,
      ]);
    await cambio();
    return (await personas.as.gestor.get(`/api/expedientes/${expediente.id_expediente}`)).json().data;
  }

  it('moves when a document is added or voided, and when a grant is made or revoked; the version stays', async () => {
    let idDocumento = 0;
    const conDocumento = await despuesDe(async () => {
      idDocumento = await subirArchivo(stack, expediente.id_expediente, 'informe.pdf', samplePdf('informe'));
    });
    expect(conDocumento.actualizado_en > HACE_TIEMPO).toBe(true);
    expect(conDocumento.version).toBe(expediente.version);

    const anulado = await despuesDe(async () => {
      const anulacion = await personas.as.gestor.post(`/api/documentos/${idDocumento}/anular`, {
        motivo: 'Informe equivocado',
      });
      expect(anulacion.statusCode, anulacion.body).toBe(200);
    });
    expect(anulado.actualizado_en > HACE_TIEMPO).toBe(true);

    let idAcceso = 0;
    const concedido = await despuesDe(async () => {
      const concesion = await personas.as.gestor.post(`/api/expedientes/${expediente.id_expediente}/accesos`, {
        id_usuario: personas.id.tesorera,
        nivel: 'lectura',
        motivo: 'Revisión de la tasa',
      });
      expect(concesion.statusCode, concesion.body).toBe(201);
      idAcceso = concesion.json().data.id_acceso;
    });
    expect(concedido.actualizado_en > HACE_TIEMPO).toBe(true);

    const revocado = await despuesDe(async () => {
      const revocacion = await personas.as.gestor.delete(
        `/api/expedientes/${expediente.id_expediente}/accesos/${idAcceso}`,
      );
      expect(revocacion.statusCode, revocacion.body).toBe(200);
    });
    expect(revocado.actualizado_en > HACE_TIEMPO).toBe(true);
    expect(revocado.version).toBe(expediente.version);
  });

  it('stays when someone only reads it', async () => {
    const leido = await despuesDe(async () => {
      expect((await personas.as.consulta.get(`/api/expedientes/${expediente.id_expediente}`)).statusCode).toBe(200);
    });
    expect(leido.actualizado_en).toBe(HACE_TIEMPO);
  });
});
