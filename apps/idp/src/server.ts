import { startIdp } from './app';
import { ConfigError, loadIdpConfig } from './config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadIdpConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`idp: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const idp = await startIdp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`idp: ${signal} received, closing`);
    idp.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('idp: close failed', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  // Announced once a stop signal is handled: whoever waits for this line may send one.
  console.log(`idp: development identity provider ready at ${idp.url} (issuer ${idp.issuer})`);
}

main().catch((error: unknown) => {
  // The usual stumble: another `npm start` (or anything else) already holds the port.
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    const { port } = error as NodeJS.ErrnoException & { port?: number };
    console.error(
      `idp: no se pudo abrir el puerto ${port}: ya está en uso (¿hay otro «npm start» en marcha?). IDP_PORT elige otro.`,
    );
  } else {
    console.error('idp: failed to start', error);
  }
  process.exit(1);
});
