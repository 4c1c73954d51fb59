/**
 * The arrays of a JSON schema (as the OpenAPI document or a route's response schema has it), each
 * with where it is and its `maxItems`, looking through objects, arrays, unions and `$ref`s.
 */
export interface ListaDeEsquema {
  ruta: string;
  maxItems: number | undefined;
}

type Esquema = Record<string, unknown>;

export function listasDe(esquema: unknown, resolver: (ref: string) => unknown = () => undefined): ListaDeEsquema[] {
  const listas: ListaDeEsquema[] = [];
  const visitados = new Set<unknown>();
  const recorrer = (nodo: unknown, ruta: string) => {
    if (typeof nodo !== 'object' || nodo === null || visitados.has(nodo)) return;
    visitados.add(nodo);
    const s = nodo as Esquema;
    if (typeof s.$ref === 'string') recorrer(resolver(s.$ref), ruta);
    if (s.type === 'array') {
      listas.push({ ruta: `${ruta}[]`, maxItems: typeof s.maxItems === 'number' ? s.maxItems : undefined });
      recorrer(s.items, `${ruta}[]`);
    }
    if (typeof s.properties === 'object' && s.properties !== null) {
      for (const [nombre, propiedad] of Object.entries(s.properties)) recorrer(propiedad, `${ruta}.${nombre}`);
    }
    for (const clave of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(s[clave])) for (const opcion of s[clave] as unknown[]) recorrer(opcion, ruta);
    }
  };
  recorrer(esquema, '');
  return listas;
}

/**
 * Where `valor` (an answer's JSON) holds more items than its schema allows: `maxItems` checked
 * along the schema, so a route that declares a bound is seen keeping it.
 */
export function excesosDeListas(esquema: unknown, valor: unknown, ruta = ''): string[] {
  if (typeof esquema !== 'object' || esquema === null) return [];
  const s = esquema as Esquema;
  const excesos: string[] = [];
  if (Array.isArray(valor) && s.type === 'array') {
    if (typeof s.maxItems === 'number' && valor.length > s.maxItems) {
      excesos.push(`${ruta}[] tiene ${valor.length} > maxItems ${s.maxItems}`);
    }
    for (const item of valor) excesos.push(...excesosDeListas(s.items, item, `${ruta}[]`));
  } else if (typeof valor === 'object' && valor !== null && typeof s.properties === 'object' && s.properties) {
    for (const [nombre, propiedad] of Object.entries(s.properties)) {
      excesos.push(...excesosDeListas(propiedad, (valor as Record<string, unknown>)[nombre], `${ruta}.${nombre}`));
    }
  }
  for (const clave of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(s[clave]))
      for (const opcion of s[clave] as unknown[]) excesos.push(...excesosDeListas(opcion, valor, ruta));
  }
  return excesos;
}
