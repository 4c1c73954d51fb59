import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../testing/test-app';
import type { TestIdp } from '../../testing/idp';
import { apiClient, type ApiClient } from '../../testing/api-client';
import { formulario } from '../../modules/documentos/testing/multipart';
import { samplePdf } from '../../modules/documentos/inspection/testing/sample-files';
import { idUnidad } from '../../testing/organizacion';

export interface Poblado {
  gestor: ApiClient;
  gestorToken: string;
  subir(idExpediente: number, texto: string): Promise<number>;
  crear(asunto: string): Promise<{ id_expediente: number; version: number }>;
}

/**
 * A system as an office leaves it: expedientes in every state with documents, an anulado, a grant
 * of access to another person, and the historial all that writes; through the API, as people do.
 */
export async function poblar(testApp: TestApp, idp: TestIdp, documentosPorExpediente = 2): Promise<Poblado> {
  const { app } = testApp;
  const gestorToken = (await idp.tokensFor('gestor')).access_token;
  const gestor = apiClient(app, gestorToken);
  const admin = apiClient(app, (await idp.tokensFor('admin')).access_token);
  const tesorera = apiClient(app, (await idp.tokensFor('tesorera')).access_token);
  for (const persona of [gestor, admin, tesorera]) await persona.get('/api/session/get');
  const [tipoExpediente] = await app.db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
  const unidad = await idUnidad(app.db);

  const crear = async (asunto: string) => {
    const respuesta = await gestor.post('/api/expedientes', { asunto, id_tipo: tipoExpediente!.id, id_unidad: unidad });
    if (respuesta.statusCode !== 201) throw new Error(respuesta.body);
    return respuesta.json().data as { id_expediente: number; version: number };
  };
  const subir = async (idExpediente: number, texto: string) => {
    const respuesta = await subirPdf(app, gestorToken, idExpediente, texto);
    if (respuesta.statusCode !== 201) throw new Error(respuesta.body);
    return respuesta.json().data[0].documento.id_documento as number;
  };

  const caminos = {
    abierto: [],
    en_tramite: ['en_tramite'],
    cerrado: ['en_tramite', 'cerrado'],
    archivado: ['en_tramite', 'cerrado', 'archivado'],
  };
  for (const [estado, pasos] of Object.entries(caminos)) {
    let expediente = await crear(`Expediente ${estado} de la copia`);
    const documentos: number[] = [];
    for (let n = 1; n <= documentosPorExpediente; n++)
      documentos.push(await subir(expediente.id_expediente, `${estado} ${n}`));
    if (estado === 'en_tramite') {
      const anulado = await gestor.post(`/api/documentos/${documentos[0]}/anular`, { motivo: 'Plano equivocado' });
      if (anulado.statusCode !== 200) throw new Error(anulado.body);
      const [tesoreraId] = await app.db.query<{ id: number }>(
        `SELECT id_usuario AS id FROM usuario WHERE username = 'tesorera'`,
      );
      const acceso = await admin.post(`/api/expedientes/${expediente.id_expediente}/accesos`, {
        id_usuario: tesoreraId!.id,
        nivel: 'lectura',
        motivo: 'Revisión de la partida presupuestaria',
      });
      if (acceso.statusCode !== 201) throw new Error(acceso.body);
      // A read of hers, counted in the historial.
      await tesorera.get(`/api/expedientes/${expediente.id_expediente}`);
    }
    for (const paso of pasos) {
      const respuesta = await gestor.post(`/api/expedientes/${expediente.id_expediente}/estado`, {
        estado: paso,
        version: expediente.version,
      });
      if (respuesta.statusCode !== 200) throw new Error(respuesta.body);
      expediente = respuesta.json().data;
    }
  }
  return { gestor, gestorToken, subir, crear };
}

/** A PDF «Anexo» uploaded as the web uploads it; the API's answer as given. */
export async function subirPdf(app: FastifyInstance, token: string, idExpediente: number, texto: string) {
  const [tipoDocumental] = await app.db.query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = 'Anexo'`);
  const { payload, headers } = formulario([
    { campo: 'id_tipo_documental', valor: String(tipoDocumental!.id) },
    { campo: 'archivo', archivo: `${texto}.pdf`, contenido: samplePdf(texto) },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/expedientes/${idExpediente}/documentos`,
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
}
