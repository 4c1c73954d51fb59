import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestStack } from '../../testing/test-stack';
import { crearExpediente, subirArchivo } from '../documentos/texto/testing/subir';

const stack = useTestStack();

describe('words as people search them', () => {
  it('finds every word of a PDF whose font draws «fi» and «fl» as ligatures', async () => {
    const expediente = await crearExpediente(stack, 'Ligaduras');
    const pdf = await readFile(path.join(import.meta.dirname, '../documentos/texto/testing/ligaduras.pdf'));
    const id = await subirArchivo(stack, expediente, 'acta.pdf', pdf);
    expect(await stack.app().extraccionTexto.procesarPendientes()).toBe(1);
    const gestor = await stack.as('gestor');
    for (const palabra of ['oficina', 'firma', 'planificación', 'edificio', 'flujo', '"planificación del edificio"']) {
      const respuesta = await gestor.get(`/api/documentos/buscar?q=${encodeURIComponent(palabra)}`);
      expect(
        respuesta.json().data.items.map((item: { id_documento: number }) => item.id_documento),
        palabra,
      ).toEqual([id]);
    }
  });
});
