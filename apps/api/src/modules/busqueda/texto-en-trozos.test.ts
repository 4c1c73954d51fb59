import { describe, expect, it } from 'vitest';
import { useTestStack } from '../../testing/test-stack';
import { crearExpediente, subirArchivo } from '../documentos/texto/testing/subir';

const stack = useTestStack();

interface Trozo {
  n: number;
  desde: number;
  longitud: number;
  trozo: string;
}

async function trozosDe(texto: string): Promise<Trozo[]> {
  return stack.app().db.query<Trozo>('SELECT n, desde, longitud, trozo FROM texto_en_trozos($1) ORDER BY n', [texto]);
}

describe('a text in pieces of about 4.000 characters', () => {
  it('gives the text back whole, each piece ending at a white space and counted in characters', async () => {
    // Accents and a character outside the BMP: `desde` and `longitud` count characters, as `substr` does.
    const frase = 'Informe técnico del área de Urbanismo sobre la petición 𝒜 número ';
    const texto = Array.from({ length: 300 }, (_, i) => `${frase}${i}.`).join(' ');
    const trozos = await trozosDe(texto);
    expect(trozos.length).toBeGreaterThan(4);
    expect(trozos.map((t) => t.trozo).join('')).toBe(texto);
    let desde = 1;
    for (const [i, t] of trozos.entries()) {
      expect(t.n).toBe(i + 1);
      expect(t.desde).toBe(desde);
      expect(t.longitud).toBe([...t.trozo].length);
      expect(t.longitud).toBeLessThanOrEqual(4000);
      if (i < trozos.length - 1) {
        expect(t.longitud).toBeGreaterThan(2000);
        expect(t.trozo).toMatch(/\s$/);
      }
      desde += t.longitud;
    }
  });

  it('cuts a run without white space at the window, and leaves nothing of an empty text', async () => {
    const trozos = await trozosDe(`${'x'.repeat(9000)} fin`);
    expect(trozos.map((t) => t.longitud)).toEqual([4000, 4000, 1004]);
    expect(await trozosDe('')).toEqual([]);
    expect(await stack.app().db.query('SELECT * FROM texto_en_trozos(NULL)')).toEqual([]);
  });
});

describe('the pieces follow the stored text', () => {
  it('are written with the extracted text and rewritten when it changes', async () => {
    const db = stack.app().db;
    const expediente = await crearExpediente(stack, 'Trozos de texto');
    const texto = 'Acta de la sesión ordinaria del pleno municipal. '.repeat(200);
    const id = await subirArchivo(stack, expediente, 'acta.txt', Buffer.from(texto, 'utf8'));
    await stack.app().extraccionTexto.procesarPendientes();
    const piezas = () =>
      db.query<{ n: number; texto: string; pleno: boolean }>(
        `SELECT t.n, substr(dt.texto, t.desde, t.longitud) AS texto, t.vector @@ to_tsquery('es_sin_tildes', 'pleno') AS pleno
         FROM documento_texto_trozo t JOIN documento_texto dt USING (id_documento)
         WHERE t.id_documento = $1 ORDER BY t.n`,
        [id],
      );
    const antes = await piezas();
    expect(antes.length).toBe(3);
    const [guardado] = await db.query<{ texto: string }>('SELECT texto FROM documento_texto WHERE id_documento = $1', [
      id,
    ]);
    expect(antes.map((p) => p.texto).join('')).toBe(guardado!.texto);
    expect(antes.every((p) => p.pleno)).toBe(true);

    await db.query(`UPDATE documento_texto SET texto = 'Otro texto, breve.' WHERE id_documento = $1`, [id]);
    expect(await piezas()).toEqual([{ n: 1, texto: 'Otro texto, breve.', pleno: false }]);
  });
});
