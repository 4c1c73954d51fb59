import type { FastifyBaseLogger } from 'fastify';
import type { TestApp } from '../../../testing/test-app';
import { samplePdf } from '../inspection/testing/sample-files';
import { formulario } from './multipart';
import { idUnidad } from '../../../testing/organizacion';

/** Uploads one PDF through the route into a new expediente; answers its storage key. */
export async function subirDocumentoDePrueba(
  testApp: TestApp,
  token: string,
  texto: string,
): Promise<{ idDocumento: number; clave: string }> {
  const { app } = testApp;
  const [tipoExpediente] = await app.db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
  const unidad = { id: await idUnidad(app.db) };
  const [tipo] = await app.db.query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = 'Anexo'`);
  const authorization = `Bearer ${token}`;
  const expediente = await app.inject({
    method: 'POST',
    url: '/api/expedientes',
    headers: { authorization },
    payload: { asunto: `Expediente de ${texto}`, id_tipo: tipoExpediente!.id, id_unidad: unidad!.id },
  });
  if (expediente.statusCode !== 201) throw new Error(expediente.body);
  const { payload, headers } = formulario([
    { campo: 'id_tipo_documental', valor: String(tipo!.id) },
    { campo: 'archivo', archivo: `${texto}.pdf`, contenido: samplePdf(texto) },
  ]);
  const subida = await app.inject({
    method: 'POST',
    url: `/api/expedientes/${expediente.json().data.id_expediente}/documentos`,
    headers: { ...headers, authorization },
    payload,
  });
  if (subida.statusCode !== 201) throw new Error(subida.body);
  const idDocumento: number = subida.json().data[0].documento.id_documento;
  const [fila] = await app.db.query<{ clave: string }>(
    'SELECT clave_almacen::text AS clave FROM documento WHERE id_documento = $1',
    [idDocumento],
  );
  return { idDocumento, clave: fila!.clave };
}

/** A logger that keeps the warnings, to check what an operator would read. */
export function registroDePrueba(): {
  log: FastifyBaseLogger;
  avisos: { datos: Record<string, unknown>; mensaje: string }[];
} {
  const avisos: { datos: Record<string, unknown>; mensaje: string }[] = [];
  const nada = () => {};
  const log = {
    level: 'info',
    warn: (datos: Record<string, unknown>, mensaje: string) => avisos.push({ datos, mensaje }),
    info: nada,
    error: nada,
    debug: nada,
    trace: nada,
    fatal: nada,
    silent: nada,
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, avisos };
}
