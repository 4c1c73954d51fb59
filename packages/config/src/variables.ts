import { booleano, entero, numeroPositivo, texto, uno, url, urls, type Variable } from './variable';

/**
 * Every environment variable of the product, its tests and its benchmarks, in the order of the
 * README's table, which is generated from here (`npm run docs:config`; a test compares them).
 * Adding a variable is adding an entry: the process that reads it calls `leer(env, 'NOMBRE')`.
 */
export const VARIABLES = {
  NODE_ENV: {
    procesos: ['API', 'IdP'],
    ...texto(),
    descripcion:
      '`production` en producción: la API se niega a arrancar sin `OIDC_ISSUER` o con `DEMO_DATOS`, y no publica `/api/docs` salvo con `API_DOCS_PUBLICA`; el proveedor de identidad de desarrollo no arranca',
  },
  PORT: {
    procesos: ['API'],
    ...entero(0, 65535),
    porDefecto: '3000',
    descripcion: 'puerto HTTP de la API (y de la web compilada)',
  },
  HOST: {
    procesos: ['API'],
    ...texto(),
    porDefecto: 'localhost',
    descripcion: 'interfaz en la que escucha (`0.0.0.0` en un contenedor)',
  },
  TRUST_PROXY: {
    procesos: ['API'],
    ...texto(),
    descripcion:
      'direcciones o redes (CIDR) de los proxies inversos de los que la API acepta `X-Forwarded-For` como dirección del cliente (lista separada por comas, p. ej. `10.0.0.0/8`); sin ella, la dirección es la de la conexión. Cuenta para los límites por dirección (la verificación pública) y su registro',
  },
  DATABASE_URL: {
    procesos: ['API'],
    ...texto(),
    descripcion: 'cadena de conexión de PostgreSQL; sin ella, PGlite embebido en `<DATA_DIR>/db`',
  },
  DATABASE_MIGRATION_URL: {
    procesos: ['API'],
    ...texto(),
    descripcion:
      'cadena de conexión del rol dueño del esquema (con `DATABASE_URL`, la del rol de la API): las migraciones se aplican con ella y después el dueño da al rol de `DATABASE_URL` solo lo que la API necesita (nunca modificar ni borrar el historial, la auditoría, los accesos o los documentos, ni alterar tablas); sin ella, la API migra con `DATABASE_URL`. Vea «Producción»',
  },
  DATA_DIR: {
    procesos: ['API'],
    ...texto(),
    porDefecto: './data',
    descripcion: 'datos locales (base de datos embebida)',
  },
  DATABASE_POOL_MAX: {
    procesos: ['API'],
    ...entero(1, 1000),
    porDefecto: '10',
    descripcion: 'conexiones de PostgreSQL por instancia',
  },
  DATABASE_POOL_WAIT_MS: {
    procesos: ['API'],
    ...entero(1),
    porDefecto: '5000',
    descripcion: 'espera máxima por una conexión libre; pasada, la petición responde 503 con `Retry-After`',
  },
  DATABASE_STATEMENT_TIMEOUT_MS: {
    procesos: ['API'],
    ...entero(1),
    porDefecto: '30000',
    descripcion:
      'PostgreSQL cancela la sentencia que tarde más (503 con `Retry-After`); no se aplica a las migraciones ni a `seed:demo`, ni a PGlite',
  },
  OIDC_ISSUER: {
    procesos: ['API', 'npm start'],
    ...url(),
    porDefecto: 'http://localhost:8080/realms/ecodigital',
    descripcion:
      'emisor que deben llevar los tokens (`iss`); de su documento de descubrimiento sale el JWKS. Obligatorio con `NODE_ENV=production`',
  },
  OIDC_CLIENT_ID: {
    procesos: ['API'],
    ...texto(),
    porDefecto: 'ecodigital-web',
    descripcion: 'cliente al que deben haberse emitido los tokens (`azp`)',
  },
  OIDC_JWKS_URI: {
    procesos: ['API'],
    ...url(),
    porDefectoDoc: 'la del descubrimiento',
    descripcion: 'URL del JWKS, si el descubrimiento no es accesible desde la API',
  },
  OIDC_PUBLIC_URL: {
    procesos: ['API'],
    ...url(),
    porDefectoDoc: 'el emisor sin `/realms/<reino>`',
    descripcion:
      'URL base del proveedor de identidad tal como la ve el navegador (la web la recibe en `GET /api/config`)',
  },
  OIDC_AUDIENCE: {
    procesos: ['API'],
    ...texto(),
    descripcion:
      'si se da, los tokens de acceso deben incluirlo en `aud` (en Keycloak, un *audience mapper* que añada la API)',
  },
  OIDC_GROUPS_CLAIM: {
    procesos: ['API'],
    ...texto(),
    porDefectoDoc: '— (unidades asignadas en la aplicación)',
    descripcion:
      'claim del token con los grupos de la persona (en Keycloak, el *group mapper* `groups`); si se da, sus unidades son las de esos grupos en cada inicio de sesión (cada grupo se compara con el código de una unidad, sin distinguir mayúsculas; de una ruta `/A/B` cuenta `B`) y en Administración se ven sin poder cambiarse',
  },
  DEMO_DATOS: {
    procesos: ['API'],
    ...booleano(),
    porDefecto: 'false',
    descripcion:
      'al arrancar, crea una sola vez la organización de demostración (el árbol de unidades de un Ayuntamiento) y las personas de demostración del proveedor de desarrollo con sus unidades; lo activa `npm start`, nunca en producción',
  },
  API_DOCS_PUBLICA: {
    procesos: ['API'],
    ...booleano(),
    porDefectoDoc: '`true`; `false` con `NODE_ENV=production`',
    descripcion:
      'publica la documentación OpenAPI de la API (`/api/docs` y `/api/docs/json`) sin iniciar sesión; si no, esas rutas responden 404',
  },
  OIDC_MAX_TOKEN_LIFETIME: {
    procesos: ['API'],
    ...entero(1),
    porDefecto: '86400',
    descripcion:
      'vida máxima aceptada de un token de acceso (`exp - iat`), en segundos; también se rechazan los emitidos en el futuro (más allá de 30 s de desfase de reloj)',
  },
  OIDC_JWKS_MAX_STALE: {
    procesos: ['API'],
    ...entero(1),
    porDefecto: '86400',
    descripcion:
      'segundos que se siguen usando las últimas claves del proveedor de identidad mientras no responde (las sesiones abiertas siguen funcionando); pasado ese tiempo, 503',
  },
  WEB_DIST_DIR: {
    procesos: ['API'],
    ...texto(),
    porDefectoDoc: '`apps/web/dist`',
    descripcion: 'web compilada que sirve la API',
  },
  PRODUCT_NAME: {
    procesos: ['API'],
    ...texto(),
    porDefecto: 'EcoDigital',
    descripcion: 'nombre del producto (pie de página, documentación)',
  },
  REQUEST_TIMEOUT_MS: {
    procesos: ['API'],
    ...entero(1),
    porDefecto: '120000',
    descripcion:
      'tiempo total de una petición, desde que llega hasta que se termina de responder; pasado, 503 y se cierra la conexión (también si el cuerpo no termina de llegar). Las subidas, descargas, vistas previas y la exportación CSV tienen un límite propio de 6 h y se cortan por inactividad (abajo); la verificación de integridad, 30 min',
  },
  TRANSFER_IDLE_TIMEOUT_MS: {
    procesos: ['API'],
    ...entero(1),
    porDefecto: '60000',
    descripcion:
      'una subida o descarga que en este tiempo mueve menos de 16 KiB se da por abandonada: se cierra la conexión y se borra el archivo temporal de la subida; es también el plazo que tiene una petición ya respondida antes de recibir su cuerpo (sin sesión, sin permiso, rechazada) para terminar de enviarlo',
  },
  LOG_LEVEL: {
    procesos: ['API'],
    ...uno('trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'),
    porDefecto: 'info',
    descripcion:
      'nivel de registro (`debug`, `info`, `warn`, `error`, `silent`); `npm start` usa `warn` si no se indica (`info` registra cada petición)',
  },
  STORAGE_DRIVER: {
    procesos: ['API'],
    ...uno('local', 's3'),
    porDefecto: 'local',
    descripcion: 'dónde se guardan los documentos: `local` (un directorio) o `s3` (un cubo compatible con S3)',
  },
  STORAGE_DIR: {
    procesos: ['API'],
    ...texto(),
    porDefectoDoc: '`<DATA_DIR>/documentos`',
    descripcion:
      'directorio de los documentos con `STORAGE_DRIVER=local`; al arrancar, los archivos de más de 1 hora sin documento (un corte entre guardar el archivo y su fila) se apartan a `huerfanos/` (en S3, al prefijo `huerfanos/`) y se anotan en el registro',
  },
  STORAGE_TEMP_DIR: {
    procesos: ['API'],
    ...texto(),
    porDefectoDoc: '`<STORAGE_DIR>/.tmp` (local), `<tmp del sistema>/ecodigital-uploads` (s3)',
    descripcion:
      'archivos en recepción; los que llevan una hora sin escribirse (restos de un corte) se borran al arrancar y cada hora, sin tocar los que otra instancia esté recibiendo (mismo sistema de archivos que `STORAGE_DIR`)',
  },
  MAX_UPLOAD_MB: {
    procesos: ['API'],
    ...numeroPositivo(),
    porDefecto: '100',
    descripcion:
      'tamaño máximo de cada archivo subido (1 MB = 1024 × 1024 bytes); se comprueba mientras llegan los bytes',
  },
  S3_BUCKET: {
    procesos: ['API'],
    ...texto(),
    descripcion: 'cubo de los documentos (obligatorio con `STORAGE_DRIVER=s3`)',
  },
  S3_REGION: { procesos: ['API'], ...texto(), porDefecto: 'us-east-1', descripcion: 'región del cubo' },
  S3_ENDPOINT: {
    procesos: ['API'],
    ...url(),
    porDefectoDoc: 'AWS',
    descripcion: 'URL de un servidor compatible con S3 (MinIO, Ceph…)',
  },
  S3_FORCE_PATH_STYLE: {
    procesos: ['API'],
    ...booleano(),
    porDefectoDoc: '`true` con `S3_ENDPOINT`, si no `false`',
    descripcion: 'direcciones de estilo ruta (`<endpoint>/<cubo>/<clave>`)',
  },
  S3_ACCESS_KEY_ID: {
    procesos: ['API'],
    ...texto(),
    porDefectoDoc: 'cadena por defecto del SDK',
    descripcion: 'credencial de acceso (con `S3_SECRET_ACCESS_KEY`: las dos o ninguna)',
  },
  S3_SECRET_ACCESS_KEY: {
    procesos: ['API'],
    ...texto(),
    porDefectoDoc: 'cadena por defecto del SDK',
    descripcion: 'secreto de la credencial (con `S3_ACCESS_KEY_ID`)',
  },
  LIMITE_BUSQUEDAS_POR_MINUTO: {
    procesos: ['API'],
    ...entero(0, 1_000_000),
    porDefecto: '120',
    descripcion:
      'búsquedas por minuto de una misma persona (por su `sub`) en cada instancia: dentro de los documentos y en la lista de expedientes con texto; pasado, 429 con `Retry-After`; `0`: sin límite',
  },
  LIMITE_HISTORIAL_POR_MINUTO: {
    procesos: ['API'],
    ...entero(0, 1_000_000),
    porDefecto: '120',
    descripcion: 'páginas del historial por minuto de una misma persona en cada instancia; `0`: sin límite',
  },
  LIMITE_SUBIDAS_POR_MINUTO: {
    procesos: ['API'],
    ...entero(0, 1_000_000),
    porDefecto: '300',
    descripcion: 'subidas de documentos por minuto de una misma persona en cada instancia; `0`: sin límite',
  },
  LIMITE_EXPORTACIONES_POR_MINUTO: {
    procesos: ['API'],
    ...entero(0, 1_000_000),
    porDefecto: '20',
    descripcion:
      'exportaciones CSV e índices (PDF y JSON) por minuto de una misma persona en cada instancia; `0`: sin límite',
  },
  LIMITE_VERIFICACIONES_POR_MINUTO: {
    procesos: ['API'],
    ...entero(0, 1_000_000),
    porDefecto: '10',
    descripcion: 'verificaciones de integridad por minuto de una misma persona en cada instancia; `0`: sin límite',
  },
  LIMITE_CONSULTAS_CSV_POR_MINUTO: {
    procesos: ['API'],
    ...entero(1, 1_000_000),
    porDefecto: '20',
    descripcion:
      'consultas públicas de un código seguro de verificación (la página `/verificacion` y la descarga de su copia, juntas) por minuto desde una misma dirección en cada instancia; siempre limitadas, para que no se prueben códigos en masa',
  },
  VERIFICACION_CONSULTAS_DIAS: {
    procesos: ['API'],
    ...entero(30, 36_500),
    porDefecto: '730',
    descripcion:
      'días que se conserva el registro de cada consulta pública por código seguro de verificación (dirección, código consultado y resultado); las más antiguas se borran una vez al día',
  },
  SOBRECARGA_RETARDO_MAX_MS: {
    procesos: ['API'],
    ...entero(0, 600_000),
    porDefecto: '1000',
    descripcion:
      'si el bucle de eventos de la instancia va con más retraso, rechaza las peticiones nuevas con 503 y `Retry-After` hasta recuperarse; `0`: no se comprueba',
  },
  SOBRECARGA_MEMORIA_MAX_MB: {
    procesos: ['API'],
    ...entero(0, 1_048_576),
    porDefecto: '0',
    descripcion:
      'si el montón (*heap*) de la instancia ocupa más, rechaza las peticiones nuevas con 503 y `Retry-After`; `0`: no se comprueba',
  },
  INTEGRIDAD_PERIODO_DIAS: {
    procesos: ['API'],
    ...entero(1, 3_650),
    porDefecto: '30',
    descripcion:
      'cada cuántos días se vuelve a calcular el SHA-256 de todos los documentos almacenados (revisión de integridad en segundo plano); una ronda empieza cuando han pasado estos días desde el comienzo de la anterior',
  },
  INTEGRIDAD_MIB_POR_SEGUNDO: {
    procesos: ['API'],
    ...entero(0, 100_000),
    porDefecto: '16',
    descripcion:
      'MiB por segundo que lee como mucho la revisión de integridad, para que las personas no la noten; `0`: esta instancia no hace la revisión (la hacen las demás)',
  },
  EXTRACCION_TRABAJOS: {
    procesos: ['API'],
    ...entero(0, 64),
    porDefectoDoc: 'uno por núcleo (al menos 2), sin pasar de la mitad de la memoria entre `EXTRACCION_MEMORIA_MAX_MB`',
    descripcion:
      'documentos cuyo texto extrae a la vez esta instancia, en segundo plano (cada uno en un proceso aparte); con varios, un documento hostil nunca retiene a los demás más que su tiempo máximo; `0`: esta instancia no extrae (lo hacen las demás)',
  },
  EXTRACCION_TIEMPO_MAX_S: {
    procesos: ['API'],
    ...entero(1, 86_400),
    porDefecto: '600',
    descripcion:
      'tiempo máximo de la extracción de un documento (la lectura del almacenamiento y el OCR incluidos; también en tiempo de CPU); pasado, se detiene todo su grupo de procesos y el documento queda en `error` sin otro intento',
  },
  EXTRACCION_MEMORIA_MAX_MB: {
    procesos: ['API'],
    ...entero(64, 65_536),
    porDefecto: '1024',
    descripcion:
      'memoria máxima (RSS) del grupo de procesos que extrae el texto de un documento (el proceso y lo que arranca: pdftoppm); si la supera, se detiene y el documento queda en `error` sin otro intento',
  },
  EXTRACCION_MEGAPIXELES_MAX: {
    procesos: ['API'],
    ...entero(1, 1_000),
    porDefecto: '40',
    descripcion:
      'megapíxeles de una página de PDF dibujada para OCR: se dibuja a 200 ppp o a menos resolución para no pasar de aquí; una página que ni a 100 ppp cabe queda en `error` (no se lee)',
  },
  EXTRACCION_PAGINAS_MAX: {
    procesos: ['API'],
    ...entero(1, 1_000_000),
    porDefecto: '2000',
    descripcion: 'un PDF o TIFF con más páginas no se lee: queda en `error` con el motivo',
  },
  EXTRACCION_INTENTOS_MAX: {
    procesos: ['API'],
    ...entero(1, 20),
    porDefecto: '3',
    descripcion:
      'intentos de extraer un documento ante fallos que pueden pasar (almacenamiento, proceso detenido); después, `error`',
  },
  PLAZOS_AVISO_DIAS: {
    procesos: ['API'],
    ...entero(0, 30),
    porDefecto: '3',
    descripcion:
      'días hábiles antes del vencimiento de un plazo en que su responsable recibe el aviso (0: solo el aviso del día en que vence)',
  },
  PLAZOS_REVISION_MIN: {
    procesos: ['API'],
    ...entero(1, 1440),
    porDefecto: '60',
    descripcion:
      'cada cuántos minutos se buscan los plazos que avisar (un solo aviso por expediente, aviso y vencimiento, con cualquier número de instancias)',
  },
  OCR_TESSDATA_DIR: {
    procesos: ['API'],
    ...texto(),
    porDefectoDoc:
      '`/usr/share/tesseract-ocr/5/tessdata` si el paquete de Debian `tesseract-ocr-spa` está instalado; si no, el modelo del paquete de npm `@tesseract.js-data/spa` (dependencia de la API)',
    descripcion:
      'carpeta con el modelo de español de Tesseract (`spa.traineddata`, o `spa.traineddata.gz` como lo publica npm); en una carpeta sin él, las imágenes y los PDF escaneados quedan «sin texto (OCR no disponible)»',
  },
  SELLO_P12: {
    procesos: ['API'],
    ...texto(),
    porDefectoDoc: '`<DATA_DIR>/sello-desarrollo/sello.p12` fuera de producción',
    descripcion:
      'archivo PKCS#12 (.p12/.pfx) con el certificado de sello de órgano de la institución, su clave privada y su cadena: firma el índice al cerrar un expediente y al cerrarlo para remisión (XAdES y PAdES). Sin él y fuera de producción, `npm start` crea una CA y un sello de prueba «solo desarrollo»; en producción, sin él no se puede cerrar un expediente. Vea «Sello de la institución»',
  },
  SELLO_P12_PASSWORD: {
    procesos: ['API'],
    ...texto(),
    porDefectoDoc: 'ninguna',
    descripcion: 'contraseña del archivo de `SELLO_P12`; una contraseña equivocada detiene el arranque',
  },
  SELLO_TSA_URL: {
    procesos: ['API'],
    ...url(),
    descripcion:
      'URL de una autoridad de sellado de tiempo (RFC 3161): cada índice firmado lleva su sello de tiempo; sin ella, los detalles de la firma dicen que no lo tiene',
  },
  URL_PUBLICA: {
    procesos: ['API'],
    ...url(),
    porDefectoDoc: '`http://localhost:3000` fuera de producción',
    descripcion:
      'dirección pública de la web, tal como la escribe un ciudadano: cada copia auténtica imprime (y codifica en su QR) `<URL_PUBLICA>/verificacion/<CSV>`. Con `NODE_ENV=production` y sin ella no se hacen copias auténticas (409)',
  },
  FOLIADO_DOCUMENTO_MAX_MB: {
    procesos: ['API'],
    ...entero(1, 4096),
    porDefecto: '200',
    descripcion:
      'tamaño (MB) de un documento PDF, JPEG o PNG por encima del cual el PDF foliado no reproduce su contenido: ocupa una página con su nombre y su huella SHA-256. El PDF foliado se envía mientras se compone y tiene en memoria un documento cada vez, así que esto acota su memoria; el tamaño del expediente no tiene límite',
  },
  IDP_PORT: {
    procesos: ['IdP'],
    ...entero(0, 65535),
    porDefecto: '8080',
    descripcion: 'puerto del proveedor de identidad de desarrollo',
  },
  IDP_HOST: { procesos: ['IdP'], ...texto(), porDefecto: 'localhost', descripcion: 'interfaz en la que escucha' },
  IDP_PUBLIC_URL: {
    procesos: ['IdP'],
    ...url(),
    porDefectoDoc: '`http://localhost:<IDP_PORT>`',
    descripcion: 'URL base pública; el emisor es `<IDP_PUBLIC_URL>/realms/ecodigital`',
  },
  IDP_REDIRECT_URIS: {
    procesos: ['IdP'],
    ...urls(),
    porDefecto: 'http://localhost:3000/',
    descripcion:
      'URI de redirección exactas del cliente `ecodigital-web` (lista separada por comas); `npm start` la deriva de `PORT`',
  },
  IDP_POST_LOGOUT_REDIRECT_URIS: {
    procesos: ['IdP'],
    ...urls(),
    porDefectoDoc: 'las de redirección',
    descripcion: 'URI exactas a las que se vuelve tras cerrar sesión',
  },
  IDP_WEB_ORIGINS: {
    procesos: ['IdP'],
    ...urls(),
    porDefectoDoc: 'los orígenes de las URI de redirección',
    descripcion: 'orígenes con CORS (con credenciales)',
  },
  ACCESS_TOKEN_TTL: {
    procesos: ['IdP'],
    ...entero(1),
    porDefecto: '300',
    descripcion: 'vida de los tokens de acceso, en segundos (como Keycloak)',
  },
  IDP_DATA_DIR: {
    procesos: ['IdP'],
    ...texto(),
    porDefectoDoc: '`./data/idp`',
    descripcion: 'claves de firma, secretos y sesiones (sobreviven a un reinicio)',
  },
  API_PORT: {
    procesos: ['npm run dev'],
    ...entero(0, 65535),
    porDefecto: '3001',
    descripcion: 'puerto de la API detrás del servidor de Vite',
  },
  API_PROXY_TARGET: {
    procesos: ['Vite'],
    ...url(),
    porDefecto: 'http://localhost:3001',
    descripcion: 'a dónde redirige Vite las llamadas `/api`',
  },
  TEST_DATABASE_ADMIN_URL: {
    procesos: ['pruebas'],
    ...texto(),
    porDefecto: 'postgres://postgres@127.0.0.1:5432/postgres',
    descripcion: 'servidor donde las pruebas crean y borran sus bases de datos',
  },
  CHROMIUM_PATH: {
    procesos: ['pruebas e2e'],
    ...texto(),
    porDefecto: '/usr/bin/chromium',
    descripcion: 'navegador de las pruebas de extremo a extremo',
  },
  E2E_WEB_PORT: {
    procesos: ['pruebas e2e'],
    ...entero(1, 65535),
    porDefecto: '3900',
    descripcion: 'puerto de la web y la API que arrancan las pruebas e2e',
  },
  E2E_IDP_PORT: {
    procesos: ['pruebas e2e'],
    ...entero(1, 65535),
    porDefecto: '8990',
    descripcion: 'puerto del proveedor de identidad de las pruebas e2e',
  },
  E2E_VERBOSE: {
    procesos: ['pruebas e2e', 'prueba de varias instancias'],
    ...texto(),
    descripcion: 'con cualquier valor, las pruebas muestran la salida del IdP y de la API que arrancan',
  },
  BENCH_UPLOAD_MB: {
    procesos: ['npm run bench:upload'],
    ...entero(1),
    porDefecto: '1024',
    descripcion: 'tamaño del archivo que se sube (MiB)',
  },
  BENCH_ROUNDS: {
    procesos: ['npm run bench:upload'],
    ...entero(1),
    porDefecto: '3',
    descripcion:
      'rondas alternas de copia y subida; cada medida se juzga por su ronda más rápida y se informan también las medianas',
  },
  BENCH_DATABASE_URL: {
    procesos: ['npm run bench:upload'],
    ...texto(),
    porDefectoDoc: '— (PGlite)',
    descripcion: 'base de datos PostgreSQL vacía para la API del banco de pruebas, en lugar de PGlite',
  },
  BENCH_CPU_PROF: {
    procesos: ['npm run bench:upload'],
    ...texto(),
    descripcion: 'carpeta donde la API deja su perfil de CPU (`--cpu-prof`)',
  },
  BENCH_API_CPU_PROF: {
    procesos: ['npm run bench'],
    ...texto(),
    descripcion: 'carpeta donde la API del banco de escala escribe un perfil de CPU de V8 al terminar',
  },
  NGINX_PATH: {
    procesos: ['prueba de varias instancias'],
    ...texto(),
    porDefecto: '/usr/sbin/nginx',
    descripcion: 'nginx que arranca `npm run test:multi`',
  },
  MULTI_PORT_BASE: {
    procesos: ['prueba de varias instancias'],
    ...entero(1, 65530),
    porDefecto: '4150',
    descripcion:
      'puertos de `npm run test:multi`: API A y B en la base y la base + 1, nginx en la base + 2 (reparto), + 3 (solo A) y + 4 (solo B)',
  },
  MULTI_IDP_PORT: {
    procesos: ['prueba de varias instancias'],
    ...entero(1, 65535),
    porDefecto: '8150',
    descripcion: 'puerto del proveedor de identidad de `npm run test:multi`',
  },
} as const satisfies Record<string, Variable>;

export type NombreVariable = keyof typeof VARIABLES;
