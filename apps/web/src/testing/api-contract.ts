import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * What the real API may answer, read from the OpenAPI document it builds from its routes' TypeBox
 * schemas (`packages/contracts/openapi.json`, kept equal to the routes by the API's
 * `published-openapi.test.ts`; decision 0392). The test API server checks every answer against it.
 */

interface MediaType {
  schema?: unknown;
}
interface Operation {
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, { title?: string }> };
}

const documentPath = createRequire(import.meta.url).resolve('@ecodigital/contracts/openapi.json');
const document = JSON.parse(readFileSync(documentPath, 'utf8')) as OpenApiDocument;

/** A JSON pointer into the components, where `closed` puts them for Ajv. */
const COMPONENTS_ID = 'api-contract-components';

/**
 * The API serialises with the route's schema (fast-json-stringify), which drops every property the
 * schema does not name: an object the API answers never has another. So each object schema that
 * says nothing of other properties is closed here, and a fake answering a field the API never sends
 * fails. The document's references are pointed at the components registered apart.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] =
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', `${COMPONENTS_ID}#/$defs/`)
        : closed(value);
  }
  if ('properties' in copy && !('additionalProperties' in copy) && !('patternProperties' in copy)) {
    copy.additionalProperties = false;
  }
  return copy;
}

const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
addFormats(ajv);
ajv.addFormat('binary', true);
ajv.addSchema({ $id: COMPONENTS_ID, $defs: closed(document.components?.schemas ?? {}) });

const errorEnvelopeName = Object.entries(document.components?.schemas ?? {}).find(
  ([, schema]) => schema.title === 'ApiError',
)?.[0];
if (!errorEnvelopeName) throw new Error(`${documentPath} no declara el sobre de error (ApiError).`);
/** Every 4xx or 5xx the route does not declare is still answered with the error envelope. */
const validateErrorEnvelope = ajv.compile({ $ref: `${COMPONENTS_ID}#/$defs/${errorEnvelopeName}` });

interface ContractRoute {
  method: string;
  template: string;
  segments: RegExp[];
  /** Per segment: 2 all text, 1 text and a parameter, 0 a parameter (Fastify prefers text). */
  rank: number[];
  operation: Operation;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

const contractRoutes: ContractRoute[] = Object.entries(document.paths).flatMap(([template, operations]) =>
  Object.entries(operations).map(([method, operation]) => {
    const parts = template.split('/').slice(1);
    return {
      method: method.toUpperCase(),
      template,
      segments: parts.map(
        (part) =>
          new RegExp(
            `^${part
              .split(/\{[^}]+\}/)
              .map(escapeRegExp)
              .join('[^/]+')}$`,
          ),
      ),
      rank: parts.map((part) => (!part.includes('{') ? 2 : /^\{[^}]+\}$/.test(part) ? 0 : 1)),
      operation,
    };
  }),
);

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (b[i] ?? 0) - (a[i] ?? 0);
  return 0;
}

/** The contract's route that the API would run for `method` and `path` (`/api/expedientes/7`), if any. */
export function findContractRoute(method: string, path: string): ContractRoute | undefined {
  const parts = path.split('/').slice(1);
  return contractRoutes
    .filter(
      (route) =>
        route.method === method &&
        route.segments.length === parts.length &&
        route.segments.every((segment, i) => segment.test(parts[i]!)),
    )
    .sort((a, b) => compareRanks(a.rank, b.rank))[0];
}

/** `METHOD /template` of the route the API would run, for messages. */
export const describeRoute = (route: ContractRoute) => `${route.method} ${route.template}`;

const validators = new Map<string, ValidateFunction>();

function formatErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((error) => {
      const extra =
        error.keyword === 'additionalProperties'
          ? ` («${(error.params as { additionalProperty: string }).additionalProperty}»)`
          : error.keyword === 'enum'
            ? ` (${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues)})`
            : '';
      return `${error.instancePath || '(raíz)'} ${error.message ?? error.keyword}${extra}`;
    })
    .join('; ');
}

/**
 * Why the real API could never answer `body` with `status` on `route`, or `undefined` when it
 * could. Only JSON bodies are checked: text and bytes (downloads, a proxy's page) are not JSON.
 */
export function contractViolation(route: ContractRoute, status: number, body: unknown): string | undefined {
  const declared = route.operation.responses ?? {};
  const response = declared[String(status)] ?? declared[`${String(status)[0]}XX`] ?? declared.default;
  let validate: ValidateFunction;
  if (!response) {
    if (status < 400) {
      return `la API no responde ${status} en esta ruta (declara ${Object.keys(declared).join(', ')})`;
    }
    validate = validateErrorEnvelope;
  } else {
    const json = response.content?.['application/json'];
    if (!json) {
      if (body === undefined) return undefined;
      const tipos = Object.keys(response.content ?? {});
      return tipos.length
        ? `la API responde ${status} en esta ruta con ${tipos.join(', ')}, no con JSON`
        : `la API responde ${status} en esta ruta sin cuerpo`;
    }
    const key = `${describeRoute(route)} ${status}`;
    validate = validators.get(key) ?? ajv.compile(closed(json.schema ?? {}) as object);
    validators.set(key, validate);
  }
  if (body === undefined) return `la API responde ${status} en esta ruta con un cuerpo JSON, y la respuesta no tiene`;
  return validate(body) ? undefined : formatErrors(validate.errors);
}
