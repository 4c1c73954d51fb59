import { describe, expect, it } from 'vitest';
import type { PaginaBusqueda } from '@ecodigital/contracts/documentos';
import { useTestStack } from '../testing/test-stack';
import { crearExpediente } from '../modules/documentos/texto/testing/subir';
import { sembrarDocumentosDemo } from './demo-documentos';

describe('seed:demo documents', () => {
  const stack = useTestStack();

  it('files a request, a report and (in trámite) a resolution in the newest open expedientes, as an upload does', async () => {
    const app = stack.app();
    const admin = await stack.as('admin');
    await admin.get('/api/session/get');
    const abierto = await crearExpediente(stack, 'Licencia de obra menor en la calle Sierpes');
    const enTramite = await crearExpediente(stack, 'Ocupación de la vía pública con terraza');
    const [{ version }] = (await app.db.query<{ version: number }>(
      'SELECT version FROM expediente WHERE id_expediente = $1',
      [enTramite],
    )) as [{ version: number }];
    const gestor = await stack.as('gestor');
    expect(
      (await gestor.post(`/api/expedientes/${enTramite}/estado`, { estado: 'en_tramite', version })).statusCode,
    ).toBe(200);

    expect(await sembrarDocumentosDemo(app.db, app.storage, 2)).toBe(5);
    const filas = await app.db.query<{ id_expediente: number; nombre: string; tipo: string; orden: number }>(
      `SELECT d.id_expediente, d.nombre, td.nombre AS tipo, d.orden FROM documento d
       JOIN tipo_documental td ON td.id = d.id_tipo_documental ORDER BY d.id_expediente, d.orden`,
    );
    expect(filas.filter((fila) => fila.id_expediente === abierto).map((fila) => fila.tipo)).toEqual([
      'Solicitud',
      'Informe',
    ]);
    expect(filas.filter((fila) => fila.id_expediente === enTramite).map((fila) => fila.tipo)).toEqual([
      'Solicitud',
      'Informe',
      'Resolución',
    ]);

    // The índice chains and the stored bytes verify, and the text is read and searchable.
    for (const id of [abierto, enTramite]) {
      const verificado = await admin.post(`/api/expedientes/${id}/verificar`, {});
      expect(verificado.json().data.correcto, verificado.body).toBe(true);
    }
    await app.extraccionTexto.procesarPendientes();
    await app.extraccionTexto.detener();
    const busqueda = (await admin.get('/api/documentos/buscar?q=servicios%20técnicos%20municipales')).json()
      .data as PaginaBusqueda;
    expect(busqueda.items.map((item) => item.expediente.id_expediente).sort()).toEqual([abierto, enTramite].sort());

    // A second run leaves expedientes that already hold documents alone.
    expect(await sembrarDocumentosDemo(app.db, app.storage, 2)).toBe(0);
  });
});
