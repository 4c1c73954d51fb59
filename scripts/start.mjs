// `npm start` (and `npm run dev` with --dev): builds what is missing, starts the identity provider
// and the API, prints where to go and who can sign in, and stops everything on Ctrl-C.
import { apiBuildIsCurrent, buildApi, buildWeb, startStack, webBuildIsCurrent } from './lib/stack.mjs';

const dev = process.argv.includes('--dev');

const DEMO_USERS = [
  ['admin', 'admin', 'María José García López', 'administrador'],
  ['gestor', 'gestor', 'Juan Carlos Pérez Ruiz', 'gestor'],
  ['consulta', 'consulta', 'Lucía Fernández Díaz', 'consulta'],
  ['tesorera', 'tesorera', 'Ana Belén Romero Gil', 'gestor'],
];

async function main() {
  if (!dev && !webBuildIsCurrent()) {
    console.log('Compilando la aplicación web…');
    await buildWeb();
  }
  if (!dev && !apiBuildIsCurrent()) {
    console.log('Compilando la API…');
    await buildApi();
  }
  console.log('Arrancando el proveedor de identidad y la API…');
  // The console shows warnings and errors; every request as a line of JSON (LOG_LEVEL=info, the
  // API's own default) drowned them. Whoever wants the requests sets LOG_LEVEL.
  const stack = await startStack({ dev, env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' } });

  console.log(`\nEcoDigital está listo: ${stack.webUrl}`);
  console.log(`Proveedor de identidad (desarrollo): ${stack.issuer}`);
  console.log('\nUsuarios de demostración (solo desarrollo):');
  for (const [usuario, contrasena, nombre, rol] of DEMO_USERS) {
    console.log(`  ${usuario.padEnd(9)} contraseña: ${contrasena.padEnd(9)} ${nombre} (${rol})`);
  }
  console.log('\nPulse Ctrl-C para detener.\n');

  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('\nDeteniendo…');
    await stack.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  const exit = await stack.firstExit;
  if (!stopping) {
    console.error(`El proceso ${exit.label} se detuvo (código ${exit.code ?? exit.signal}).`);
    await shutdown(1);
  }
}

main().catch((error) => {
  console.error(`No se pudo arrancar EcoDigital: ${error.message}`);
  process.exit(1);
});
