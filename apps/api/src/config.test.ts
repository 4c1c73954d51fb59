import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { availableParallelism, totalmem } from 'node:os';
import { loadConfig, trabajosPorDefecto } from './config';

describe('loadConfig', () => {
  it('extracts text with one process per core by default, at least two, never past half the memory', () => {
    expect(loadConfig({ EXTRACCION_MEMORIA_MAX_MB: '64' }).extraccion.trabajos).toBe(
      Math.max(2, availableParallelism()),
    );
    // 64 GB per extraction: as many as half the memory holds, and always one.
    expect(trabajosPorDefecto(65_536)).toBe(Math.max(1, Math.floor(totalmem() / 2 / 2 ** 36)));
    expect(loadConfig({ EXTRACCION_TRABAJOS: '0' }).extraccion.trabajos).toBe(0);
    expect(loadConfig({ EXTRACCION_TRABAJOS: '5' }).extraccion.trabajos).toBe(5);
  });

  it('trusts X-Forwarded-For only from the proxies named, as addresses or CIDR networks', () => {
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    for (const malo of ['true', 'nginx', '10.0.0.0/33', '10.0.0.0/8/1', '::1/129', '10.0.0/8']) {
      expect(() => loadConfig({ TRUST_PROXY: malo }), malo).toThrow(
        `TRUST_PROXY: «${malo}» no es una dirección IP ni una red CIDR`,
      );
    }
  });

  it('uses safe defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      trustProxy: [],
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      oidc: {
        issuer: 'http://localhost:8080/realms/ecodigital',
        clientId: 'ecodigital-web',
        jwksUri: undefined,
        publicUrl: undefined,
      },
      logLevel: 'info',
      productName: 'EcoDigital',
    });
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable and ignores blank ones', () => {
    const config = loadConfig({
      PORT: '4100',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db/eco',
      DATA_DIR: '/var/lib/eco',
      OIDC_ISSUER: 'https://sso.example.org/realms/otra/',
      OIDC_CLIENT_ID: 'otro-cliente',
      OIDC_JWKS_URI: 'http://keycloak:8080/certs',
      OIDC_PUBLIC_URL: 'https://sso.example.org/',
      WEB_DIST_DIR: '/srv/web',
      LOG_LEVEL: ' ',
      PRODUCT_NAME: 'Archivo',
    });
    expect(config).toMatchObject({
      port: 4100,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db/eco',
      dataDir: '/var/lib/eco',
      oidc: {
        issuer: 'https://sso.example.org/realms/otra',
        clientId: 'otro-cliente',
        jwksUri: 'http://keycloak:8080/certs',
        publicUrl: 'https://sso.example.org',
      },
      webDistDir: '/srv/web',
      logLevel: 'info',
      productName: 'Archivo',
    });
  });

  it('embeds the storage settings, under DATA_DIR by default', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/eco' }).storage).toMatchObject({
      driver: 'local',
      dir: '/var/lib/eco/documentos',
      tempDir: '/var/lib/eco/documentos/.tmp',
      maxUploadBytes: 100 * 1024 * 1024,
    });
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'docs', MAX_UPLOAD_MB: '5' }).storage).toMatchObject({
      driver: 's3',
      bucket: 'docs',
      maxUploadMb: 5,
    });
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
  });

  it('refuses a port that is not a port', () => {
    expect(() => loadConfig({ PORT: 'tres mil' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it.each([
    ['PORT', 'ochenta', 'un número entero entre 0 y 65535'],
    ['DATABASE_POOL_MAX', '0', 'un número entero entre 1 y 1000'],
    ['REQUEST_TIMEOUT_MS', '2m', 'un número entero entre 1 y 2147483647'],
    ['OIDC_ISSUER', 'sso.ejemplo.es/realms/ecodigital', 'una URL http(s) absoluta'],
    ['LOG_LEVEL', 'verbose', 'uno de: trace, debug, info, warn, error, fatal, silent'],
    ['STORAGE_DRIVER', 'ftp', 'uno de: local, s3'],
    ['S3_FORCE_PATH_STYLE', 'quizá', 'true o false'],
  ])('refuses %s=%s with a Spanish message naming the variable and what it expects', (nombre, valor, esperado) => {
    expect(() =>
      loadConfig({ [nombre]: valor, STORAGE_DRIVER: nombre === 'STORAGE_DRIVER' ? valor : 's3', S3_BUCKET: 'b' }),
    ).toThrow(`${nombre} no válido: «${valor}». Se espera ${esperado}.`);
  });

  describe('in production (NODE_ENV=production)', () => {
    const produccion = { NODE_ENV: 'production', OIDC_ISSUER: 'https://sso.ejemplo.es/realms/ecodigital' };

    it('refuses to trust the development identity provider by default', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
        /Con NODE_ENV=production falta OIDC_ISSUER: indique el emisor de su Keycloak/,
      );
      expect(() => loadConfig({ NODE_ENV: 'production', OIDC_ISSUER: '  ' })).toThrow(/falta OIDC_ISSUER/);
      expect(loadConfig(produccion).oidc.issuer).toBe('https://sso.ejemplo.es/realms/ecodigital');
    });

    it('refuses to create the demo organisation and people', () => {
      expect(() => loadConfig({ ...produccion, DEMO_DATOS: 'true' })).toThrow(
        /Con NODE_ENV=production no se admite DEMO_DATOS=true/,
      );
      expect(loadConfig({ ...produccion, DEMO_DATOS: 'false' }).demoDatos).toBe(false);
    });

    it('keeps /api/docs private unless API_DOCS_PUBLICA says otherwise', () => {
      expect(loadConfig(produccion)).toMatchObject({ produccion: true, docsPublicas: false });
      expect(loadConfig({ ...produccion, API_DOCS_PUBLICA: 'true' }).docsPublicas).toBe(true);
    });
  });

  it('outside production keeps the development defaults, /api/docs public unless turned off', () => {
    expect(loadConfig({ DEMO_DATOS: 'true' })).toMatchObject({
      produccion: false,
      demoDatos: true,
      docsPublicas: true,
    });
    expect(loadConfig({ NODE_ENV: 'development' }).produccion).toBe(false);
    expect(loadConfig({ API_DOCS_PUBLICA: 'false' }).docsPublicas).toBe(false);
  });
});
