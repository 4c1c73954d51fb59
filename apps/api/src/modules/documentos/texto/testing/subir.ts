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

/** Uploads one file through the route as `gestor`; answers the new document's id. */
export async function subirArchivo(
  stack: TestStack,
  idExpediente: number,
  nombre: string,
  contenido: Buffer,
): Promise<number> {
  const { app } = stack.testApp();
  const [tipo] = await app.db.query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = 'Resolución'`);
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
  intentos: number;
  texto: string | null;
}

export async function filaTexto(stack: TestStack, idDocumento: number): Promise<FilaTexto> {
  const [fila] = await stack
    .app()
    .db.query<FilaTexto>('SELECT estado, motivo, intentos, texto FROM documento_texto WHERE id_documento = $1', [
      idDocumento,
    ]);
  return fila!;
}
