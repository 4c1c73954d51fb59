import fp from 'fastify-plugin';
import { MARCA_PARRAFOS, normalizarTexto } from '@ecodigital/contracts/texto';

interface EsquemaJson {
  properties?: Record<string, EsquemaJson>;
  items?: EsquemaJson;
  anyOf?: EsquemaJson[];
  [MARCA_PARRAFOS]?: boolean;
}

const esParrafos = (esquema: EsquemaJson | undefined): boolean =>
  esquema?.[MARCA_PARRAFOS] === true || (esquema?.anyOf?.some(esParrafos) ?? false);

const esObjetoPlano = (valor: unknown): valor is Record<string, unknown> =>
  typeof valor === 'object' && valor !== null && Object.getPrototypeOf(valor) === Object.prototype;

/**
 * Every string of a JSON body, normalised as its schema says (one line unless marked as
 * paragraphs): nested objects and lists too, fields the schema does not name as well (it refuses
 * them afterwards anyway).
 */
export function normalizarCuerpo(valor: unknown, schema: unknown): unknown {
  const esquema = schema as EsquemaJson | undefined;
  if (typeof valor === 'string') return normalizarTexto(valor, esParrafos(esquema) ? 'parrafos' : 'linea');
  if (Array.isArray(valor)) return valor.map((elemento) => normalizarCuerpo(elemento, esquema?.items));
  if (!esObjetoPlano(valor)) return valor;
  const rama = esquema?.anyOf?.find((opcion) => opcion.properties) ?? esquema;
  return Object.fromEntries(
    Object.entries(valor).map(([clave, campo]) => [
      clave,
      normalizarCuerpo(campo, Object.hasOwn(rama?.properties ?? {}, clave) ? rama!.properties![clave] : undefined),
    ]),
  );
}

/**
 * Text is normalised (`normalizarTexto`) before the schema's length rules see it, for every route
 * and every field: a name of spaces or zero-width characters is empty, and answers 400 like any
 * empty name, instead of passing the rule and reaching the database.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (typeof request.body !== 'object' || request.body === null) return;
      request.body = normalizarCuerpo(request.body, request.routeOptions.schema?.body);
    });
  },
  { name: 'text-normalization' },
);
