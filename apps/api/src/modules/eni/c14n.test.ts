import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as xadesjs from 'xadesjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatosEni, DocumentoEni } from './eni.repository';
import { indiceContenidoXml } from './indice-contenido';
import { leerSello, type Sello } from './sello';
import { asegurarSelloDesarrollo, PASSWORD_DESARROLLO } from './sello-desarrollo';
import { xmlsecVerify } from './testing/tools';
import { contenidoC14n, firmarIndiceXml, ID_CONTENIDO, NS, verificarIndiceXml } from './xades';

/**
 * The digest of `IndiceContenido` is computed from the string we write (`contenidoC14n`), not by
 * xadesjs: here it is compared with the canonical form xadesjs itself computes when it verifies the
 * stored `indice`, for text C14N writes differently from plain XML (accents, `&`, `<`, `>`, quotes, CR,
 * CR LF, tab, characters outside the BMP), and the signature is checked by xadesjs and by xmlsec1.
 */

/** xadesjs verifying, keeping the canonical form it digests for the reference to the content. */
class VerificacionQueGuarda extends xadesjs.SignedXml {
  canonicoDelContenido: string | undefined;
  private uri: string | undefined;

  protected override DigestReference(
    ...[fuente, referencia, hmac]: Parameters<xadesjs.SignedXml['DigestReference']>
  ): Promise<Uint8Array> {
    this.uri = referencia.Uri;
    return super.DigestReference(fuente, referencia, hmac);
  }

  protected override ApplyTransforms(
    ...argumentos: Parameters<xadesjs.SignedXml['ApplyTransforms']>
  ): ReturnType<xadesjs.SignedXml['ApplyTransforms']> {
    const salida = super.ApplyTransforms(...argumentos);
    if (this.uri === `#${ID_CONTENIDO}`) this.canonicoDelContenido = salida as string;
    return salida;
  }
}

async function canonicoSegunXadesjs(xml: string): Promise<{ canonico: string | undefined; valida: boolean }> {
  const documento = xadesjs.Parse(xml);
  const verificacion = new VerificacionQueGuarda(documento);
  verificacion.LoadXml(documento.getElementsByTagNameNS(NS.ds, 'Signature')[0]!);
  const valida = await verificacion.Verify();
  return { canonico: verificacion.canonicoDelContenido, valida };
}

const RARO = `Ñandú & «Pérez» <b>x</b> > "dobles" 'simples' CR\rLF\nCRLF\r\ntab\tclave𝄞😀 ]]> &amp; &#xD;`;

const datos = (codigoDir3: string): DatosEni => ({
  id_expediente: 7,
  numero: 'EXP-2026-000007',
  asunto: 'Asunto',
  estado: 'cerrado',
  fecha_apertura: new Date('2026-01-02T03:04:05Z'),
  remision_cerrada_en: null,
  unidad_nombre: 'Urbanismo',
  unidad_codigo: 'URB',
  codigo_dir3: codigoDir3,
  tipo_nombre: 'Licencia',
  codigo_sia: null,
});

const documento = (orden: number): DocumentoEni => ({
  id_documento: 100 + orden,
  orden,
  nombre: `Documento ${orden}.pdf`,
  formato: 'PDF',
  mime: 'application/pdf',
  tamano: 1234,
  huella: 'ab'.repeat(32),
  fecha_incorporacion: new Date(`2026-02-0${orden}T10:00:00Z`),
  clave_almacen: 'clave',
  estado_elaboracion: 'EE01',
  origen: 'administracion',
  tipo_documental: 'Informe',
  codigo_td: 'TD99',
});

describe('the canonical form of IndiceContenido (C14N of our own string)', () => {
  let dir: string;
  let sello: Sello;
  const firmadoEn = new Date('2026-11-29T06:00:00Z');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ecodigital-c14n-'));
    sello = await leerSello(await asegurarSelloDesarrollo(path.join(dir, 'sello')), PASSWORD_DESARROLLO, {
      soloDesarrollo: true,
      tsaUrl: undefined,
    });
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['plain identifiers', 'L01280796'],
    ['accents, markup characters, quotes, CR, CR LF, tab and astral characters', RARO],
  ])('equals what xadesjs canonicalises, and the signature verifies (%s)', async (_caso, codigoDir3) => {
    const contenido = indiceContenidoXml(datos(codigoDir3), [documento(1), documento(2)], firmadoEn);
    const xml = await firmarIndiceXml(contenido, sello, firmadoEn);

    const { canonico, valida } = await canonicoSegunXadesjs(xml);
    expect(canonico).toBeDefined();
    expect(contenidoC14n(contenido)).toBe(canonico);
    expect(valida).toBe(true);
    expect(await verificarIndiceXml(xml)).toEqual({ valida: true });

    const archivo = path.join(dir, 'indice.xml');
    await writeFile(archivo, xml);
    const xmlsec = await xmlsecVerify(path.join(dir, 'sello', 'ca.pem'), archivo);
    expect(xmlsec.ok, xmlsec.salida).toBe(true);
  });

  it('the identifier read back is the text written (the escaping loses nothing)', async () => {
    const contenido = indiceContenidoXml(datos(RARO), [documento(1)], firmadoEn);
    const leido = xadesjs
      .Parse(await firmarIndiceXml(contenido, sello, firmadoEn))
      .getElementsByTagNameNS(NS.contenido, 'IdentificadorDocumento')[0]!.textContent;
    expect(leido).toBe(`ES_${RARO}_2026_DOC_101`);
  });

  it('refuses content that is not in canonical form rather than sign a wrong digest', () => {
    const contenido = indiceContenidoXml(datos('L01280796'), [documento(1)], firmadoEn);
    expect(() => contenidoC14n(contenido.replace('SHA-256', 'SHA&apos;256'))).toThrow(/forma canónica/);
    expect(() => contenidoC14n(contenido.replace('SHA-256', 'SHA\r256'))).toThrow(/forma canónica/);
    expect(() =>
      contenidoC14n(
        contenido.replace(/<eniconexpind:FuncionResumen>SHA-256<\/[^>]+>/, '<eniconexpind:FuncionResumen/>'),
      ),
    ).toThrow(/forma canónica/);
    expect(() => contenidoC14n(contenido.replace(' Id=', ' Otro="1" Id='))).toThrow(/forma canónica/);
  });
});
