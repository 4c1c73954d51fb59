import { CrearExpedienteSchema } from '@ecodigital/contracts/expedientes';
import { normalizarTexto } from '@ecodigital/contracts/texto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, DemoUsername } from '../testing/api-client';
import { CODIGOS, idUnidad } from '../testing/organizacion';
import { iniciarPersonas } from '../testing/personas';
import { useTestStack } from '../testing/test-stack';
import { samplePdf } from '../modules/documentos/inspection/testing/sample-files';
import { formulario } from '../modules/documentos/testing/multipart';
import { normalizarCuerpo } from './text-normalization';

const ZWSP = '\u200B';

describe('normalizarTexto (shared by the web forms and the API)', () => {
  it.each([
    ['   ', ''],
    [' a ', 'a'],
    [ZWSP.repeat(5), ''],
    ['\u3164\u3164\u3164', ''],
    ['\u00AD\u2060\uFEFF\u202E', ''],
    ['  Sección \u00A0 de\tLicencias\n', 'Sección de Licencias'],
    [`a ${ZWSP} b`, 'a b'],
    ['Secretari\u0301a', 'Secretaría'],
    ['x\u0000y\u001Fz\u007F', 'xyz'],
    ['roto\uD800', 'roto'],
    ['😀 bien', '😀 bien'],
  ])('on one line, %j is %j', (texto, esperado) => {
    expect(normalizarTexto(texto)).toBe(esperado);
  });

  it('in paragraphs keeps the line breaks, one blank line at most, without spaces at the ends of lines', () => {
    expect(normalizarTexto('  Primero  \r\n\r\n\r\n\r\nSegundo\u2028tercero ' + ZWSP, 'parrafos')).toBe(
      'Primero\n\nSegundo\ntercero',
    );
    expect(normalizarTexto(`\n ${ZWSP} \n`, 'parrafos')).toBe('');
  });
});

describe('normalizarCuerpo', () => {
  it('normalises every string of a body as its schema says, nested and unnamed ones too', () => {
    expect(
      normalizarCuerpo(
        {
          asunto: '  Licencia\n de  obra ',
          descripcion: 'Uno  \n\n\n\nDos',
          id_tipo: 3,
          interesado_nombre: null,
          extra: { nombres: [' a ', `${ZWSP}b`] },
        },
        CrearExpedienteSchema,
      ),
    ).toEqual({
      asunto: 'Licencia de obra',
      descripcion: 'Uno\n\nDos',
      id_tipo: 3,
      interesado_nombre: null,
      extra: { nombres: ['a', 'b'] },
    });
  });
});

describe('text people type, through the API (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  const as = {} as Record<DemoUsername, ApiClient>;
  let tokens: Record<DemoUsername, string>;
  let urbanismo: number;
  let idTipo: number;
  beforeAll(async () => {
    const personas = await iniciarPersonas(stack);
    Object.assign(as, personas.as);
    tokens = personas.tokens;
    urbanismo = await idUnidad(stack.app().db, CODIGOS.urbanismo);
    idTipo = (await as.gestor.get('/api/catalogos/tipos-expediente')).json().data[0].id;
  });

  const auditoria = async () => (await as.admin.get('/api/admin/auditoria')).json().data;
  const crearExpediente = async () =>
    (
      await as.gestor.post('/api/expedientes', {
        asunto: 'Licencia de obra menor',
        id_tipo: idTipo,
        id_unidad: urbanismo,
      })
    ).json().data;
  const rechaza = (response: { statusCode: number; json(): unknown }, msg: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, msg, code: 'VALIDATION' });
  };

  it('refuses a unidad named with spaces or one letter among spaces (400, not 500) and stores nothing', async () => {
    const unidades = (await as.admin.get('/api/admin/unidades')).json().data;
    const antes = await auditoria();
    for (const nombre of ['   ', ' a ', ZWSP.repeat(4), '\u3164\u3164']) {
      rechaza(
        await as.admin.post('/api/admin/unidades', { codigo: 'LA0019099', nombre, id_padre: urbanismo }),
        'El campo «nombre» debe tener al menos 2 caracteres.',
      );
      rechaza(
        await as.admin.patch(`/api/admin/unidades/${urbanismo}`, { nombre }),
        'El campo «nombre» debe tener al menos 2 caracteres.',
      );
    }
    expect((await as.admin.get('/api/admin/unidades')).json().data).toEqual(unidades);
    expect(await auditoria()).toEqual(antes);
  });

  it('refuses a catalogue entry named with spaces or invisible characters, so no create form offers «»', async () => {
    const antes = await auditoria();
    for (const catalogo of ['tipos', 'tipos-documentales']) {
      const entradas = (await as.admin.get(`/api/admin/catalogos/${catalogo}`)).json().data;
      for (const nombre of ['   ', `${ZWSP} x ${ZWSP}`]) {
        rechaza(
          await as.admin.post(`/api/admin/catalogos/${catalogo}`, { nombre }),
          'El campo «nombre» debe tener al menos 2 caracteres.',
        );
        rechaza(
          await as.admin.patch(`/api/admin/catalogos/${catalogo}/${entradas[0].id}`, { nombre }),
          'El campo «nombre» debe tener al menos 2 caracteres.',
        );
      }
      expect((await as.admin.get(`/api/admin/catalogos/${catalogo}`)).json().data).toEqual(entradas);
    }
    expect(await auditoria()).toEqual(antes);
  });

  it('refuses motivos made of zero-width spaces on every route that asks for one, and records nothing', async () => {
    const expediente = await crearExpediente();
    const id = expediente.id_expediente;
    const { payload, headers } = formulario([
      { campo: 'id_tipo_documental', valor: '1' },
      { campo: 'archivo', archivo: 'informe.pdf', contenido: samplePdf('informe.pdf') },
    ]);
    const subida = await stack.app().inject({
      method: 'POST',
      url: `/api/expedientes/${id}/documentos`,
      headers: { ...headers, authorization: `Bearer ${tokens.gestor}` },
      payload,
    });
    const documento = subida.json().data[0].documento;
    const historial = (await as.gestor.get(`/api/expedientes/${id}/historial`)).json().data;
    const cinco = ZWSP.repeat(5);

    rechaza(
      await as.gestor.post(`/api/expedientes/${id}/accesos`, {
        id_unidad: await idUnidad(stack.app().db, CODIGOS.hacienda),
        nivel: 'lectura',
        motivo: cinco,
      }),
      'El campo «motivo» debe tener al menos 5 caracteres.',
    );
    rechaza(
      await as.gestor.post(`/api/expedientes/${id}/transferir`, {
        id_unidad: await idUnidad(stack.app().db, CODIGOS.hacienda),
        motivo: ` ${cinco}\n\n `,
        version: expediente.version,
      }),
      'El campo «motivo» debe tener al menos 5 caracteres.',
    );
    rechaza(
      await as.gestor.post(`/api/documentos/${documento.id_documento}/anular`, { motivo: cinco }),
      'El campo «motivo» debe tener al menos 5 caracteres.',
    );
    rechaza(
      await as.gestor.patch(`/api/expedientes/${id}`, { version: expediente.version, asunto: `  ${cinco} a  ` }),
      'El campo «asunto» debe tener al menos 5 caracteres.',
    );

    expect((await as.gestor.get(`/api/expedientes/${id}/accesos`)).json().data.accesos).toEqual([]);
    expect((await as.gestor.get(`/api/expedientes/${id}/historial`)).json().data).toEqual(historial);
    expect((await as.gestor.get(`/api/expedientes/${id}`)).json().data).toMatchObject({
      version: expediente.version,
      asunto: 'Licencia de obra menor',
    });
  });

  it('stores text as people meant it: one line collapsed, paragraphs kept, invisible characters gone', async () => {
    const creado = await as.gestor.post('/api/expedientes', {
      asunto: `  Licencia${ZWSP} de\u00A0 obra\n mayor `,
      descripcion: 'Solicitud de licencia.  \r\n\r\n\r\n\r\nSe adjunta proyecto.\u200D',
      interesado_nombre: `${ZWSP}  `,
      id_tipo: idTipo,
      id_unidad: urbanismo,
    });
    expect(creado.statusCode, creado.body).toBe(201);
    expect(creado.json().data).toMatchObject({
      asunto: 'Licencia de obra mayor',
      descripcion: 'Solicitud de licencia.\n\nSe adjunta proyecto.',
      interesado_nombre: null,
    });
  });
});
