import type { ActaEliminacion, PendientesDictamen, RetencionExpediente } from '@ecodigital/contracts/retencion';
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { iniciarPersonas, type PersonasDemo } from '../../testing/personas';
import { MENSAJES_VERIFICACION } from '../verificacion/verificacion.mensajes';
import { useTestStack } from '../../testing/test-stack';
import { samplePdf } from '../documentos/inspection/testing/sample-files';
import { formulario } from '../documentos/testing/multipart';
import { verificarPdf } from '../eni/eni.public';
import { ejecutarActa, terminarActasAprobadas } from './eliminacion.service';

describe('retención y eliminación (real PostgreSQL, real dev IdP)', () => {
  // The rolling revision runs only when a test drives it.
  const stack = useTestStack({ env: { INTEGRIDAD_MIB_POR_SEGUNDO: '0' } });
  let personas: PersonasDemo;
  let idSerie: number;
  let idTipoEliminable: number;
  let idTipoPermanente: number;
  let urbanismo: number;

  const db = () => stack.app().db;
  const storage = () => stack.app().storage;

  async function subir(idExpediente: number, nombre: string): Promise<number> {
    const [tipo] = await db().query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = 'Informe'`);
    const { payload, headers } = formulario([
      { campo: 'id_tipo_documental', valor: String(tipo!.id) },
      { campo: 'archivo', archivo: `${nombre}.pdf`, contenido: samplePdf(nombre) },
    ]);
    const response = await stack.app().inject({
      method: 'POST',
      url: `/api/expedientes/${idExpediente}/documentos`,
      headers: { ...headers, authorization: `Bearer ${personas.tokens.gestor}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data[0].documento.id_documento;
  }

  async function cambiarEstado(id: number, estado: string) {
    const actual = (await personas.as.gestor.get(`/api/expedientes/${id}`)).json().data;
    const response = await personas.as.gestor.post(`/api/expedientes/${id}/estado`, {
      estado,
      version: actual.version,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** An archived expediente of `idTipo`, closed `anios` years ago, with `documentos` documents. */
  async function archivado(asunto: string, idTipo: number, anios: number, documentos = 2) {
    const creado = await personas.as.gestor.post('/api/expedientes', { asunto, id_tipo: idTipo, id_unidad: urbanismo });
    expect(creado.statusCode, creado.body).toBe(201);
    const id: number = creado.json().data.id_expediente;
    const ids: number[] = [];
    for (let n = 1; n <= documentos; n++) ids.push(await subir(id, `${asunto} ${n}`));
    await cambiarEstado(id, 'en_tramite');
    await cambiarEstado(id, 'cerrado');
    await cambiarEstado(id, 'archivado');
    await db().query(
      `UPDATE expediente SET fecha_cierre = now() - make_interval(years => $2) WHERE id_expediente = $1`,
      [id, anios],
    );
    const [{ numero } = { numero: '' }] = await db().query<{ numero: string }>(
      'SELECT numero FROM expediente WHERE id_expediente = $1',
      [id],
    );
    return { id, numero, documentos: ids };
  }

  const claveDe = async (idDocumento: number) =>
    (
      await db().query<{ clave: string }>(
        'SELECT clave_almacen::text AS clave FROM documento WHERE id_documento = $1',
        [idDocumento],
      )
    )[0]!.clave;

  const pendientes = async (): Promise<PendientesDictamen> => {
    const response = await personas.as.admin.get('/api/admin/retencion/pendientes');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const retencion = async (id: number): Promise<RetencionExpediente> => {
    const response = await personas.as.gestor.get(`/api/expedientes/${id}/retencion`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const redactar = (expedientes: number[]) =>
    personas.as.admin.post('/api/admin/retencion/actas', { motivo: 'Plazo de conservación cumplido', expedientes });
  const aprobar = (idActa: number) =>
    personas.as.admin.post(`/api/admin/retencion/actas/${idActa}/aprobacion`, {
      motivo: 'Dictamen favorable de la comisión calificadora',
    });

  beforeAll(async () => {
    // A gestor may hold holds here (before anyone signs in, so no cached permisos): the visibility
    // of the hold routes is then provable with someone of another unidad (tesorera, also gestor).
    await db().query(`INSERT INTO rol_permiso (rol, permiso) VALUES ('gestor', 'retencion.gestionar')`);
    personas = await iniciarPersonas(stack);
    urbanismo = await idUnidad(db(), CODIGOS.urbanismo);
    const tipos = await db().query<{ id: number }>(
      `INSERT INTO tipo_expediente (nombre, orden) VALUES ('Licencia retenible', 900), ('Expediente histórico', 901)
       RETURNING id`,
    );
    idTipoEliminable = tipos[0]!.id;
    idTipoPermanente = tipos[1]!.id;
  });

  describe('el cuadro de clasificación', () => {
    it('añade una serie con su regla y asigna a ella un tipo, que la sigue; con auditoría', async () => {
      const creada = await personas.as.admin.post('/api/admin/retencion/series', {
        codigo: 'URB-01',
        nombre: 'Licencias urbanísticas',
        regla: { disposicion: 'eliminacion', anios: 5 },
      });
      expect(creada.statusCode, creada.body).toBe(201);
      idSerie = creada.json().data.id;
      expect(creada.json().data).toMatchObject({ codigo: 'URB-01', activo: true, tipos: [] });

      const asignado = await personas.as.admin.put(`/api/admin/retencion/tipos/${idTipoEliminable}`, {
        id_serie: idSerie,
        regla: null,
      });
      expect(asignado.statusCode, asignado.body).toBe(200);
      expect(asignado.json().data).toMatchObject({
        serie: { id: idSerie, codigo: 'URB-01' },
        regla: null,
        regla_efectiva: { disposicion: 'eliminacion', anios: 5 },
      });
      // The tipo's own rule overrides the serie's.
      const propio = await personas.as.admin.put(`/api/admin/retencion/tipos/${idTipoPermanente}`, {
        id_serie: idSerie,
        regla: { disposicion: 'conservacion_permanente', anios: null },
      });
      expect(propio.json().data.regla_efectiva).toEqual({ disposicion: 'conservacion_permanente', anios: null });

      const series = (await personas.as.admin.get('/api/admin/retencion/series')).json().data;
      expect(series[0].tipos.map((tipo: { id: number }) => tipo.id).sort()).toEqual(
        [idTipoEliminable, idTipoPermanente].sort(),
      );
      const tipos = (await personas.as.admin.get('/api/admin/retencion/tipos')).json().data;
      // The tipos of before keep working without serie nor rule.
      expect(tipos.find((tipo: { nombre: string }) => tipo.nombre === 'Solicitud')).toMatchObject({
        serie: null,
        regla_efectiva: null,
      });
      const auditoria = await db().query<{ accion: string }>(
        `SELECT accion FROM auditoria WHERE accion IN ('serie.crear', 'catalogo.retencion') ORDER BY id`,
      );
      expect(auditoria.map((fila) => fila.accion)).toEqual(['serie.crear', 'catalogo.retencion', 'catalogo.retencion']);
    });

    it.each([
      [{ codigo: 'X-1', nombre: 'Sin años', regla: { disposicion: 'eliminacion', anios: null } }, 400, /años/],
      [
        { codigo: 'X-2', nombre: 'Con años', regla: { disposicion: 'conservacion_permanente', anios: 3 } },
        400,
        /no lleva años/,
      ],
      [
        { codigo: 'URB-01', nombre: 'Repetida', regla: null },
        409,
        /Ya hay una serie documental con el código «URB-01»/,
      ],
      [{ codigo: '-mal', nombre: 'Código no válido', regla: null }, 400, /codigo/],
    ])('rechaza una serie no válida en español: %j', async (body, status, mensaje) => {
      const response = await personas.as.admin.post('/api/admin/retencion/series', body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().msg).toMatch(mensaje);
    });

    it('sin «retencion.gestionar» no se administra', async () => {
      const response = await personas.as.consulta.get('/api/admin/retencion/series');
      expect(response.statusCode).toBe(403);
    });
  });

  describe('pendientes de dictamen, retención legal y actas', () => {
    let vencido: Awaited<ReturnType<typeof archivado>>;
    let reciente: Awaited<ReturnType<typeof archivado>>;
    let permanente: Awaited<ReturnType<typeof archivado>>;
    let sinSerie: Awaited<ReturnType<typeof archivado>>;

    beforeAll(async () => {
      vencido = await archivado('Licencia de obra menor antigua', idTipoEliminable, 6);
      reciente = await archivado('Licencia de obra menor reciente', idTipoEliminable, 2, 1);
      permanente = await archivado('Expediente histórico del archivo', idTipoPermanente, 60, 1);
      const [solicitud] = await db().query<{ id: number }>(`SELECT id FROM tipo_expediente WHERE nombre = 'Solicitud'`);
      sinSerie = await archivado('Solicitud antigua sin serie', solicitud!.id, 30, 1);
    });

    it('solo el archivado con plazo de eliminación cumplido queda pendiente de dictamen', async () => {
      const lista = await pendientes();
      expect(lista.items.map((item) => item.numero)).toEqual([vencido.numero]);
      expect(lista.items[0]).toMatchObject({ anios: 5, documentos: 2, serie: 'URB-01 Licencias urbanísticas' });
      expect((await retencion(vencido.id)).pendiente_dictamen).toBe(true);
      for (const otro of [reciente, permanente, sinSerie]) {
        expect((await retencion(otro.id)).pendiente_dictamen, otro.numero).toBe(false);
      }
      // A borrador with an expediente that is not pending is refused, naming it.
      const rechazado = await redactar([vencido.id, reciente.id]);
      expect(rechazado.statusCode).toBe(409);
      expect(rechazado.json().msg).toBe(`El expediente ${reciente.numero} no está pendiente de dictamen.`);
    });

    it('la retención legal solo se pone sobre lo que se ve (404 fuera) y saca el expediente de pendientes', async () => {
      const fuera = await personas.as.tesorera.post(`/api/expedientes/${vencido.id}/retencion-legal`, {
        motivo: 'Intento desde otra unidad',
      });
      expect(fuera.statusCode).toBe(404);
      const inexistente = await personas.as.tesorera.post(`/api/expedientes/999999/retencion-legal`, {
        motivo: 'Intento desde otra unidad',
      });
      expect(fuera.json()).toEqual(inexistente.json());
      expect(
        (await personas.as.consulta.post(`/api/expedientes/${vencido.id}/retencion-legal`, { motivo: 'No puedo' }))
          .statusCode,
      ).toBe(403);

      const puesta = await personas.as.gestor.post(`/api/expedientes/${vencido.id}/retencion-legal`, {
        motivo: 'Recurso contencioso-administrativo en curso',
      });
      expect(puesta.statusCode, puesta.body).toBe(200);
      expect(puesta.json().data).toMatchObject({
        pendiente_dictamen: false,
        retencion_legal: { motivo: 'Recurso contencioso-administrativo en curso', levantada_en: null },
      });
      const otra = await personas.as.gestor.post(`/api/expedientes/${vencido.id}/retencion-legal`, {
        motivo: 'Otra más',
      });
      expect(otra.statusCode).toBe(409);
      expect(otra.json().msg).toBe('El expediente ya tiene una retención legal activa.');
      expect((await pendientes()).items).toEqual([]);

      const levantada = await personas.as.gestor.post(`/api/expedientes/${vencido.id}/retencion-legal/levantamiento`, {
        motivo: 'Sentencia firme',
      });
      expect(levantada.statusCode, levantada.body).toBe(200);
      expect(levantada.json().data).toMatchObject({ pendiente_dictamen: true, retencion_legal: null });
      expect(levantada.json().data.retenciones[0]).toMatchObject({ motivo_levantamiento: 'Sentencia firme' });
      const historial = await db().query<{ evento: string; motivo: string }>(
        `SELECT evento, motivo FROM historial WHERE id_expediente = $1 AND evento LIKE 'retencion%' ORDER BY id`,
        [vencido.id],
      );
      expect(historial).toEqual([
        { evento: 'retencion_legal_puesta', motivo: 'Recurso contencioso-administrativo en curso' },
        { evento: 'retencion_legal_levantada', motivo: 'Sentencia firme' },
      ]);
    });

    it('una retención legal puesta tras el borrador bloquea la aprobación: 409 con el número, nada se destruye', async () => {
      const borrador = await redactar([vencido.id]);
      expect(borrador.statusCode, borrador.body).toBe(201);
      const acta: ActaEliminacion = borrador.json().data;
      expect(acta).toMatchObject({ estado: 'borrador', num_expedientes: 1 });
      expect((await pendientes()).items[0]!.acta_borrador).toBe(acta.numero);

      await personas.as.gestor.post(`/api/expedientes/${vencido.id}/retencion-legal`, {
        motivo: 'Auditoría de cuentas',
      });
      const sinPermiso = await personas.as.gestor.post(`/api/admin/retencion/actas/${acta.id}/aprobacion`, {
        motivo: 'No me corresponde aprobar',
      });
      expect(sinPermiso.statusCode).toBe(403);
      const bloqueada = await aprobar(acta.id);
      expect(bloqueada.statusCode).toBe(409);
      expect(bloqueada.json().msg).toBe(
        `El expediente ${vencido.numero} tiene una retención legal activa: levántela o quítelo del acta antes de aprobarla.`,
      );
      const documentos = await db().query<{ destruido_en: Date | null }>(
        'SELECT destruido_en FROM documento WHERE id_expediente = $1',
        [vencido.id],
      );
      expect(documentos).toEqual([{ destruido_en: null }, { destruido_en: null }]);
      for (const id of vencido.documentos) expect(await storage().exists(await claveDe(id))).toBe(true);
      expect((await personas.as.admin.get(`/api/admin/retencion/actas/${acta.id}`)).json().data.estado).toBe(
        'borrador',
      );
      expect((await personas.as.admin.get(`/api/admin/retencion/actas/${acta.id}/pdf`)).statusCode).toBe(409);

      // The draft is discarded; the hold is lifted for what follows.
      expect((await personas.as.admin.delete(`/api/admin/retencion/actas/${acta.id}`)).statusCode).toBe(200);
      await personas.as.gestor.post(`/api/expedientes/${vencido.id}/retencion-legal/levantamiento`, {
        motivo: 'Auditoría terminada',
      });
    });

    it('aprobar destruye solo los bytes: el registro, el índice, el historial y el acta firmada quedan', async () => {
      const indiceAntes = (await personas.as.gestor.get(`/api/expedientes/${vencido.id}/indice`)).json().data;
      // A copia auténtica made before holds the same content: it goes with the document's bytes.
      const copia = await personas.as.gestor.post(`/api/documentos/${vencido.documentos[0]}/copia-autentica`);
      expect(copia.statusCode, copia.body).toBe(201);
      const { csv, id_copia } = copia.json().data as { csv: string; id_copia: number };
      const [{ clave: claveCopia } = { clave: '' }] = await db().query<{ clave: string }>(
        'SELECT clave_almacen::text AS clave FROM copia_autentica WHERE id_copia = $1',
        [id_copia],
      );
      expect(await storage().exists(claveCopia)).toBe(true);
      const acta: ActaEliminacion = (await redactar([vencido.id])).json().data;
      const aprobada = await aprobar(acta.id);
      expect(aprobada.statusCode, aprobada.body).toBe(200);
      expect(aprobada.json().data).toMatchObject({
        estado: 'ejecutada',
        motivo_aprobacion: 'Dictamen favorable de la comisión calificadora',
        expedientes: [{ numero: vencido.numero, documentos: 2 }],
      });

      // The bytes are gone; the rows, their huellas and the chain are not.
      for (const id of vencido.documentos) expect(await storage().exists(await claveDe(id))).toBe(false);
      const documentos = (await personas.as.gestor.get(`/api/expedientes/${vencido.id}/documentos`)).json().data;
      expect(documentos.map((documento: { eliminado: unknown }) => documento.eliminado)).toEqual([
        { acta: acta.numero, destruido_en: expect.any(String) },
        { acta: acta.numero, destruido_en: expect.any(String) },
      ]);
      const indiceDespues = (await personas.as.gestor.get(`/api/expedientes/${vencido.id}/indice`)).json().data;
      expect(indiceDespues.huella_indice).toBe(indiceAntes.huella_indice);
      expect(indiceDespues.entradas.map((entrada: { huella: string }) => entrada.huella)).toEqual(
        indiceAntes.entradas.map((entrada: { huella: string }) => entrada.huella),
      );

      // The copy's bytes are gone too; its code still says what it certified, its download says why not.
      expect(await storage().exists(claveCopia)).toBe(false);
      expect((await stack.app().inject({ method: 'GET', url: `/api/verificacion/${csv}` })).statusCode).toBe(200);
      const copiaDescargada = await stack.app().inject({ method: 'GET', url: `/api/verificacion/${csv}/descarga` });
      expect(copiaDescargada.statusCode).toBe(410);
      expect(copiaDescargada.json().msg).toBe(MENSAJES_VERIFICACION.copiaEliminada(acta.numero));

      // A download answers a clear 410, not a 500; nothing is recorded as missing.
      const descarga = await personas.as.gestor.get(`/api/documentos/${vencido.documentos[0]}/descargar`);
      expect(descarga.statusCode).toBe(410);
      expect(descarga.json().msg).toBe(
        `El contenido de este documento se eliminó por el acta de eliminación ${acta.numero}: se conservan su entrada en el índice, su huella y el historial.`,
      );
      // Nor is there anything to make a new copia auténtica from: the same 410.
      const otraCopia = await personas.as.gestor.post(`/api/documentos/${vencido.documentos[0]}/copia-autentica`);
      expect(otraCopia.statusCode).toBe(410);
      expect(otraCopia.json().msg).toBe(descarga.json().msg);
      // The foliated PDF keeps their folios: each a page naming the acta, not «file missing».
      const foliado = await personas.as.gestor.get(`/api/expedientes/${vencido.id}/foliado`);
      expect(foliado.statusCode, foliado.body).toBe(200);
      const paginas = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], {
        input: foliado.rawPayload,
        encoding: 'utf8',
      })
        .replace(/\s+/g, ' ')
        .split(`por el acta de eliminación ${acta.numero}. Conserva su lugar en el índice`);
      expect(paginas).toHaveLength(3);

      // «Verificar integridad» still checks the chain, and skips the bytes destroyed on purpose.
      const verificado = await personas.as.gestor.post(`/api/expedientes/${vencido.id}/verificar`);
      expect(verificado.statusCode, verificado.body).toBe(200);
      expect(verificado.json().data).toMatchObject({ correcto: true, documentos_verificados: 2, incidencias: [] });

      // The rolling revision reads the others and reports nothing of these.
      await stack.app().integridad.programar();
      await db().query(`UPDATE trabajo SET disponible_desde = now() WHERE cola = 'integridad'`);
      await stack.app().jobs.drain('integridad');
      const hallazgos = await db().query('SELECT id_documento FROM integridad_hallazgo');
      expect(hallazgos).toEqual([]);
      const [ronda] = await db().query<{ documentos_revisados: number }>(
        'SELECT documentos_revisados FROM integridad_ronda ORDER BY id DESC LIMIT 1',
      );
      const [vivos] = await db().query<{ n: number }>(
        'SELECT count(*)::integer AS n FROM documento WHERE destruido_en IS NULL',
      );
      expect(ronda!.documentos_revisados).toBe(vivos!.n);

      // The record of what existed and why it was destroyed.
      const eventos = await db().query<{ descripcion: string; motivo: string }>(
        `SELECT descripcion, motivo FROM historial WHERE id_expediente = $1 AND evento = 'eliminacion_documentos'`,
        [vencido.id],
      );
      expect(eventos).toEqual([
        {
          descripcion: `Eliminó el contenido de 2 documentos por el acta de eliminación ${acta.numero}; se conservan sus metadatos, el índice con sus huellas y el historial (Dictamen favorable de la comisión calificadora).`,
          motivo: 'Dictamen favorable de la comisión calificadora',
        },
      ]);
      const auditoria = await db().query<{ accion: string }>(
        `SELECT accion FROM auditoria WHERE entidad = 'acta_eliminacion' AND id_entidad = $1 ORDER BY id`,
        [String(acta.id)],
      );
      expect(auditoria.map((fila) => fila.accion)).toEqual(['acta.crear', 'acta.aprobar']);
      const estado = await retencion(vencido.id);
      expect(estado).toMatchObject({ pendiente_dictamen: false, eliminado: { acta: acta.numero } });
      expect((await pendientes()).items).toEqual([]);

      // The signed acta.
      const pdf = await personas.as.admin.get(`/api/admin/retencion/actas/${acta.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(await verificarPdf(pdf.rawPayload)).toEqual({ valida: true });

      // The evidence cannot be undone, not even by the API's own SQL.
      await expect(
        db().query('UPDATE documento SET destruido_en = NULL WHERE id_expediente = $1', [vencido.id]),
      ).rejects.toThrow(/eliminado por un acta/);
      await expect(db().query('DELETE FROM acta_eliminacion WHERE id = $1', [acta.id])).rejects.toThrow(
        /no se modifica/,
      );
      // Its ENI export would have nothing to send: refused before anything is written.
      const eni = await personas.as.gestor.get(`/api/expedientes/${vencido.id}/eni`);
      expect(eni.statusCode).toBe(409);
      expect(eni.json().msg).toBe(
        `El contenido de los documentos de este expediente se eliminó por el acta de eliminación ${acta.numero}: no se puede exportar en ENI.`,
      );
      // A hold on what is already disposed of is refused.
      const tarde = await personas.as.gestor.post(`/api/expedientes/${vencido.id}/retencion-legal`, {
        motivo: 'Demasiado tarde',
      });
      expect(tarde.statusCode).toBe(409);
    });

    it('si la instancia para entre el commit y el borrado de los bytes, el registro ya es completo y se termina al arrancar', async () => {
      const otro = await archivado('Licencia de obra menor olvidada', idTipoEliminable, 7, 1);
      const acta: ActaEliminacion = (await redactar([otro.id])).json().data;
      const clave = await claveDe(otro.documentos[0]!);
      const almacen = storage();
      const remove = almacen.remove.bind(almacen);
      almacen.remove = () => Promise.reject(new Error('la instancia se detuvo'));
      try {
        const aprobada = await aprobar(acta.id);
        expect(aprobada.statusCode, aprobada.body).toBe(200);
        expect(aprobada.json().data.estado).toBe('aprobada');
      } finally {
        almacen.remove = remove;
      }
      // Consistent in between: recorded destroyed, served as such, bytes still there.
      expect(await almacen.exists(clave)).toBe(true);
      expect((await personas.as.gestor.get(`/api/documentos/${otro.documentos[0]}/descargar`)).statusCode).toBe(410);
      expect((await personas.as.gestor.post(`/api/expedientes/${otro.id}/verificar`)).json().data.correcto).toBe(true);

      const eliminacion = { db: db(), storage: almacen, log: stack.app().log };
      expect(await terminarActasAprobadas(eliminacion)).toBe(1);
      expect(await almacen.exists(clave)).toBe(false);
      expect((await personas.as.admin.get(`/api/admin/retencion/actas/${acta.id}`)).json().data.estado).toBe(
        'ejecutada',
      );
      // Again: nothing left to do, and no error for keys already gone.
      expect(await terminarActasAprobadas(eliminacion)).toBe(0);
      expect(await ejecutarActa(eliminacion, acta.id)).toBe(true);
    });
  });
});
