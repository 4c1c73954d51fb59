#!/usr/bin/env node
// Runs before `npm test` (its `pretest`): the Debian packages the tests drive and the local
// PostgreSQL they connect to. As root it installs what is missing and starts PostgreSQL when it
// is installed but stopped; otherwise it stops at once, naming the one command to run.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** What the tests need from Debian: how to tell it is there, the package, and why (in Spanish). */
const NECESIDADES = [
  { hay: () => existsSync('/usr/bin/chromium'), paquete: 'chromium', para: 'las pruebas de extremo a extremo' },
  {
    hay: () => enRuta('nginx') || existsSync('/usr/sbin/nginx'),
    paquete: 'nginx',
    para: 'la prueba de varias instancias',
  },
  {
    hay: () => enRuta('pdftoppm') && enRuta('pdftotext') && enRuta('pdfsig'),
    paquete: 'poppler-utils',
    para: 'páginas escaneadas, miniaturas y la firma PAdES',
  },
  { hay: () => enRuta('xmlsec1'), paquete: 'xmlsec1', para: 'comprobar la firma XAdES del índice' },
  { hay: () => enRuta('xmllint'), paquete: 'libxml2-utils', para: 'validar el XML ENI' },
  { hay: () => enRuta('prlimit'), paquete: 'util-linux', para: 'los límites de pdftoppm' },
  {
    hay: () => existsSync('/usr/share/tesseract-ocr/5/tessdata/spa.traineddata'),
    paquete: 'tesseract-ocr-spa',
    para: 'el OCR en español',
  },
  { hay: () => enRuta('tesseract'), paquete: 'tesseract-ocr', para: 'el OCR con el programa tesseract' },
  { hay: () => enRuta('pg_dump'), paquete: 'postgresql-client', para: 'npm run backup de una base PostgreSQL' },
  { hay: () => enRuta('zip'), paquete: 'zip', para: 'la base de la exportación ENI en npm run bench (zip -0)' },
];

function enRuta(orden) {
  return spawnSync('sh', ['-c', `command -v ${orden}`], { stdio: 'ignore' }).status === 0;
}

function ejecutar(orden, argumentos) {
  const resultado = spawnSync(orden, argumentos, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return resultado.status === 0;
}

const esRoot = typeof process.getuid === 'function' && process.getuid() === 0;

const faltan = NECESIDADES.filter((necesidad) => !necesidad.hay());
if (faltan.length > 0) {
  const paquetes = faltan.map((necesidad) => necesidad.paquete);
  const orden = `apt-get update && apt-get install -y ${paquetes.join(' ')}`;
  for (const necesidad of faltan) console.log(`Falta ${necesidad.paquete} (${necesidad.para}).`);
  if (!esRoot || !enRuta('apt-get')) {
    console.error(`\nLas pruebas lo necesitan. Ejecute como root:\n\n  ${orden}\n`);
    process.exit(1);
  }
  console.log(`Instalando ${paquetes.join(', ')}…`);
  if (!ejecutar('apt-get', ['update', '-qq']) || !ejecutar('apt-get', ['install', '-y', '-qq', ...paquetes])) {
    console.error(`\nNo se pudieron instalar. Pruebe a mano:\n\n  ${orden}\n`);
    process.exit(1);
  }
}

const postgresListo = () => ejecutar('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']);
if (enRuta('pg_isready') && !postgresListo()) {
  const arrancar = 'pg_ctlcluster --skip-systemctl-redirect <versión> main start';
  if (!esRoot || !enRuta('pg_ctlcluster')) {
    console.error(`PostgreSQL no responde en 127.0.0.1:5432. Arránquelo (como root: ${arrancar}).`);
    process.exit(1);
  }
  const versiones = spawnSync('ls', ['/etc/postgresql'], { encoding: 'utf8' }).stdout.trim().split('\n');
  const version = versiones.filter(Boolean).sort().at(-1);
  console.log(`Arrancando PostgreSQL ${version}…`);
  ejecutar('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  const hasta = Date.now() + 30_000;
  while (!postgresListo() && Date.now() < hasta) spawnSync('sleep', ['1']);
  if (!postgresListo()) {
    console.error('PostgreSQL no arrancó en 30 s.');
    process.exit(1);
  }
} else if (!enRuta('pg_isready')) {
  console.error(
    'Las pruebas de la API usan un PostgreSQL en 127.0.0.1:5432 (usuario postgres, sin contraseña). ' +
      'Instálelo (como root: apt-get install -y postgresql) y arránquelo.',
  );
  process.exit(1);
}
