import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalEntrada, hashEntrada, type EntradaEncadenada } from './hash-chain';

const primera: EntradaEncadenada = {
  id_expediente: 7,
  orden: 1,
  nombre: 'Resolución nº 5.pdf',
  tipo_documental: 'Resolución',
  fecha_incorporacion: new Date('2025-03-04T10:11:12.345Z'),
  tamano: 1234,
  formato: 'PDF',
  huella: 'a'.repeat(64),
  hash_anterior: null,
};

describe('hash chain of the índice', () => {
  it('hashes the canonical JSON: sorted keys, no spaces, ISO date with milliseconds in UTC', () => {
    const canonical = canonicalEntrada(primera);
    expect(canonical).toBe(
      '{"fecha_incorporacion":"2025-03-04T10:11:12.345Z","formato":"PDF","funcion_resumen":"SHA-256",' +
        `"hash_anterior":null,"huella":"${'a'.repeat(64)}","id_expediente":7,"nombre":"Resolución nº 5.pdf",` +
        '"orden":1,"tamano":1234,"tipo_documental":"Resolución"}',
    );
    expect(JSON.parse(canonical)).toMatchObject({ nombre: 'Resolución nº 5.pdf', hash_anterior: null });
    expect(hashEntrada(primera)).toBe(createHash('sha256').update(canonical, 'utf8').digest('hex'));
    expect(hashEntrada(primera)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the same for the same entry, whatever the date object', () => {
    expect(hashEntrada({ ...primera, fecha_incorporacion: new Date(primera.fecha_incorporacion.getTime()) })).toBe(
      hashEntrada(primera),
    );
  });

  it.each([
    ['id_expediente', { id_expediente: 8 }],
    ['orden', { orden: 2 }],
    ['nombre', { nombre: 'Resolución nº 6.pdf' }],
    ['nombre (NFD instead of NFC)', { nombre: 'Resolución nº 5.pdf'.normalize('NFD') }],
    ['tipo_documental', { tipo_documental: 'Informe' }],
    ['fecha_incorporacion (1 ms later)', { fecha_incorporacion: new Date('2025-03-04T10:11:12.346Z') }],
    ['tamano', { tamano: 1235 }],
    ['formato', { formato: 'PNG' }],
    ['huella', { huella: 'b'.repeat(64) }],
    ['hash_anterior', { hash_anterior: 'c'.repeat(64) }],
  ] as const)('changes when %s changes', (_campo, cambio) => {
    expect(hashEntrada({ ...primera, ...cambio })).not.toBe(hashEntrada(primera));
  });

  it('links each entry to the previous one', () => {
    const segunda = { ...primera, orden: 2, nombre: 'Anexo.png', hash_anterior: hashEntrada(primera) };
    const alterada = { ...primera, nombre: 'Otro nombre.pdf' };
    expect(segunda.hash_anterior).not.toBe(hashEntrada(alterada));
  });
});
