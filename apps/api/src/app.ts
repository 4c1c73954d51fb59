import fp from 'fastify-plugin';
import { AjvCompiler } from '@fastify/ajv-compiler';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '@ecodigital/contracts/envelope';
import { MARCA_PARRAFOS } from '@ecodigital/contracts/texto';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { MENSAJES } from './shared/errors';
import authPlugin from './plugins/auth';
import databasePlugin from './plugins/database';
import storagePlugin from './plugins/storage';
import controlCopiasPlugin from './plugins/control-copias';
import jobsPlugin from './plugins/jobs';
import errorHandlerPlugin from './plugins/error-handler';
import timeLimitsPlugin from './plugins/time-limits';
import securityHeadersPlugin from './plugins/security-headers';
import compressionPlugin from './plugins/compression';
import limitesPlugin from './plugins/limites';
import sobrecargaPlugin from './plugins/sobrecarga';
import listasAcotadasPlugin from './plugins/listas-acotadas';
import textNormalizationPlugin from './plugins/text-normalization';
import { toRuntimeConfig } from './modules/config/runtime-config';
import swaggerPlugin, { BEARER_SECURITY } from './plugins/swagger';
import webStaticPlugin from './plugins/web-static';
import configRoutes from './modules/config/config.routes';
import verificacionRoutes from './modules/verificacion/verificacion.routes';
import consultasVerificacionPlugin from './modules/verificacion/consultas.plugin';
import healthRoutes from './modules/health/health.routes';
import sessionRoutes from './modules/session/session.routes';
import expedientesRoutes from './modules/expedientes/expedientes.routes';
import catalogosRoutes from './modules/catalogos/catalogos.routes';
import inicioRoutes from './modules/inicio/inicio.routes';
import notificacionesRoutes from './modules/notificaciones/notificaciones.routes';
import documentosRoutes from './modules/documentos/documentos.routes';
import accesosRoutes from './modules/accesos/accesos.routes';
import interesadosRoutes from './modules/interesados/interesados.routes';
import eniRoutes from './modules/eni/eni.routes';
import copiasRoutes from './modules/copias/copias.routes';
import selloPlugin from './modules/eni/sello.plugin';
import administracionRoutes from './modules/administracion/administracion.routes';
import extraccionTextoPlugin from './modules/documentos/texto/texto.plugin';
import verificacionPlugin from './modules/documentos/verificacion.plugin';
import busquedaRoutes from './modules/busqueda/busqueda.routes';
import trabajosRoutes from './modules/trabajos/trabajos.routes';
import reindexadoPlugin from './modules/busqueda/reindexado.plugin';
import plazosRoutes from './modules/plazos/plazos.routes';
import avisosPlazoPlugin from './modules/plazos/avisos.plugin';
import integridadPlugin from './modules/integridad/integridad.plugin';
import integridadRoutes from './modules/integridad/integridad.routes';
import retencionRoutes from './modules/retencion/retencion.routes';

const API_VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/** Public `/api` routes: no token. They live apart from the authenticated scope, not exempted by URL. */
const publicRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  await app.register(healthRoutes, { issuer: config.oidc.issuer, version: API_VERSION });
  await app.register(configRoutes, { config });
  await app.register(verificacionRoutes, { porMinuto: config.verificacionPublica.porMinuto });
};

/** Every route registered in here needs a verified bearer access token. */
const authenticatedRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRoute', (route) => {
    route.schema = {
      ...route.schema,
      security: BEARER_SECURITY,
      response: {
        401: { $ref: 'ApiError' },
        403: { $ref: 'ApiError' },
        ...(route.schema?.response as object | undefined),
      },
    };
  });
  await app.register(sessionRoutes);
  await app.register(expedientesRoutes);
  await app.register(catalogosRoutes);
  await app.register(inicioRoutes);
  await app.register(notificacionesRoutes);
  await app.register(documentosRoutes);
  await app.register(accesosRoutes);
  await app.register(interesadosRoutes);
  await app.register(eniRoutes);
  await app.register(copiasRoutes, { config: config.copias });
  await app.register(administracionRoutes, { porGrupos: config.oidc.groupsClaim !== undefined });
  await app.register(busquedaRoutes, { tessdataDir: config.extraccion.tessdataDir });
  await app.register(trabajosRoutes);
  await app.register(plazosRoutes);
  await app.register(integridadRoutes, { config: config.integridad });
  await app.register(retencionRoutes);
};

/** Builds the whole application: third-party plugins, then our own, then the routes. */
const appPlugin = fp<{
  config: AppConfig;
  db?: Database;
  comprobarListas?: boolean;
  alRegistrarRuta?: (route: RouteOptions) => void;
}>(
  async (app, { config, db, comprobarListas, alRegistrarRuta }) => {
    if (alRegistrarRuta) app.addHook('onRoute', alRegistrarRuta);
    app.addSchema(ApiErrorSchema);
    if (comprobarListas) await app.register(listasAcotadasPlugin);
    await app.register(securityHeadersPlugin, {
      identityProviderOrigin: new URL(toRuntimeConfig(config).keycloakUrl).origin,
    });
    await app.register(compressionPlugin);
    await app.register(swaggerPlugin, {
      productName: config.productName,
      version: API_VERSION,
      publica: config.docsPublicas,
    });

    await app.register(errorHandlerPlugin);
    await app.register(sobrecargaPlugin, config.limites.sobrecarga);
    await app.register(textNormalizationPlugin);
    await app.register(timeLimitsPlugin, { idleWindowMs: config.transferIdleTimeoutMs });
    await app.register(databasePlugin, {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      databasePool: config.databasePool,
      db,
    });
    await app.register(controlCopiasPlugin, { dataDir: config.dataDir });
    await app.register(storagePlugin, { config: config.storage });
    await app.register(jobsPlugin);
    await app.register(extraccionTextoPlugin, { config: config.extraccion });
    await app.register(reindexadoPlugin);
    await app.register(verificacionPlugin);
    await app.register(avisosPlazoPlugin, { config: config.plazos });
    await app.register(integridadPlugin, { config: config.integridad });
    await app.register(consultasVerificacionPlugin, { config: config.verificacionPublica });
    await app.register(selloPlugin, { config: config.sello });
    await app.register(authPlugin, {
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      jwksUri: config.oidc.jwksUri,
      audience: config.oidc.audience,
      maxLifetimeSeconds: config.oidc.maxTokenLifetimeSeconds,
      jwksMaxStaleMs: config.oidc.jwksMaxStaleSeconds * 1000,
      groupsClaim: config.oidc.groupsClaim,
    });
    await app.register(limitesPlugin, { porMinuto: config.limites.porMinuto });

    await app.register(
      async (api) => {
        api.setNotFoundHandler(async (_request, reply) =>
          reply.code(404).send({ success: false, msg: MENSAJES.noEncontrado, code: 'NOT_FOUND' }),
        );
        await api.register(publicRoutes, { config });
        await api.register(authenticatedRoutes, { config });
      },
      { prefix: '/api' },
    );
    await app.register(webStaticPlugin, { webDistDir: config.webDistDir });
  },
  { name: 'app' },
);

export interface BuildAppOptions {
  logger?: FastifyServerOptions['loggerInstance'] | FastifyServerOptions['logger'];
  /** A database opened beforehand; without it the app opens the one `config` names. */
  db?: Database;
  /** Fastify's limit for loading each plugin (its default, 10 s, when absent). */
  pluginTimeoutMs?: number;
  /** Fail any answer longer than its schema's `maxItems` (the tests turn it on). */
  comprobarListas?: boolean;
  /** Sees every route as Fastify registers it (the tests classify them all). */
  alRegistrarRuta?: (route: RouteOptions) => void;
}

/**
 * Query strings and route parameters are text: `?page=2` must become the number 2. A JSON body
 * already carries types, and coercing them would store `asunto: 1234567` as "1234567" and accept
 * `id_tipo: "1"` or `true`; bodies are validated as sent.
 */
function validatorsByPart(): NonNullable<FastifyServerOptions['schemaController']> {
  // The package's types describe the compiled function as taking a schema; at run time Fastify
  // hands it the route (`{ schema, method, url, httpPart }`), which is what we dispatch on.
  type CompileForRoute = (route: { httpPart?: string }) => unknown;
  type Options = { customOptions?: Record<string, unknown> } & Record<string, unknown>;
  const compilers = AjvCompiler() as unknown as (externalSchemas: unknown, options: Options) => CompileForRoute;
  const buildValidator = (externalSchemas: unknown, options: Options): CompileForRoute => {
    const coercing = compilers(externalSchemas, options);
    const strict = compilers(externalSchemas, {
      ...options,
      customOptions: { ...options.customOptions, coerceTypes: false },
    });
    return (route) => (route.httpPart === 'body' ? strict(route) : coercing(route));
  };
  return { compilersFactory: { buildValidator: buildValidator as never } };
}

/** The app, not yet listening nor ready: tests `inject` into it, `server.ts` starts it. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: (options.logger as FastifyServerOptions['logger']) ?? { level: config.logLevel },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.:-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    ...(options.pluginTimeoutMs === undefined ? {} : { pluginTimeout: options.pluginTimeoutMs }),
    // Answered with 503 if still unanswered; transfer routes set a longer limit of their own.
    handlerTimeout: config.requestTimeoutMs,
    // Only the proxies named may say who the client is: anybody else could write `X-Forwarded-For`.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // A schema that says `additionalProperties: false` rejects unknown fields instead of dropping them.
    // `x-parrafos` marks text whose line breaks the normalisation keeps (`plugins/text-normalization`).
    ajv: { customOptions: { removeAdditional: false, keywords: [MARCA_PARRAFOS] } },
    schemaController: validatorsByPart(),
  }).withTypeProvider<TypeBoxTypeProvider>();
  await app.register(appPlugin, {
    config,
    db: options.db,
    comprobarListas: options.comprobarListas,
    alRegistrarRuta: options.alRegistrarRuta,
  });
  return app as unknown as FastifyInstance;
}
