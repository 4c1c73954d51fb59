import type { TestStack } from '../../../../testing/test-stack';
import { formulario } from '../../testing/multipart';
import { idUnidad as idUnidadDemo } from '../../../../testing/organizacion';

/** Creates an expediente through the API as `gestor` (in Urbanismo unless told); answers its id. */
export async function crearExpediente(stack: TestStack, asunto: string, idUnidad?: number): Promise<number> {
  const { app } = stack.testApp();
  const [tipo] = await app.db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
  const gestor = await stack.as('gestor');
  const respuesta = await gestor.post('/api/expedientes', {
    asunto,
    id_tipo: tipo!.id,
    id_unidad: idUnidad ?? (await idUnidadDemo(app.db)),
  });
  if (respuesta.statusCode !== 201) throw new Error(respuesta.body);
  return respuesta.json().data.id_expediente;
}

/** Uploads one file through the route as `gestor` (a «Resolución» unless told); answers the new document's id. */
export async function subirArchivo(
  stack: TestStack,
  idExpediente: number,
  nombre: string,
  contenido: Buffer,
  tipoDocumental = 'Resolución',
): Promise<number> {
  const { app } = stack.testApp();
  const [tipo] = await app.db.query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = $1`, [
    tipoDocumental,
  ]);
  const { payload, headers } = formulario([
    { campo: 'id_tipo_documental', valor: String(tipo!.id) },
    { campo: 'archivo', archivo: nombre, contenido },
  ]);
  const { access_token } = await stack.idp().tokensFor('gestor');
  const respuesta = await app.inject({
    method: 'POST',
    url: `/api/expedientes/${idExpediente}/documentos`,
    headers: { ...headers, authorization: `Bearer ${access_token}` },
    payload,
  });
  if (respuesta.statusCode !== 201) throw new Error(respuesta.body);
  return respuesta.json().data[0].documento.id_documento;
}

export interface FilaTexto {
  estado: string;
  motivo: string | null;
  texto: string | null;
  /** Its job in the `texto` queue, while there is one (a finished job is gone). */
  trabajo: { estado: string; intentos: number; motivo: string | null; espera_s: number } | null;
}

export async function filaTexto(stack: TestStack, idDocumento: number): Promise<FilaTexto> {
  const [fila] = await stack.app().db.query<FilaTexto>(
    `SELECT dt.estado, dt.motivo, dt.texto,
            CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object(
              'estado', t.estado, 'intentos', t.intentos, 'motivo', t.motivo,
              'espera_s', extract(epoch FROM t.disponible_desde - now())::float) END AS trabajo
     FROM documento_texto dt
     LEFT JOIN trabajo t ON t.cola = 'texto' AND t.clave = dt.id_documento::text
     WHERE dt.id_documento = $1`,
    [idDocumento],
  );
  return fila!;
}
