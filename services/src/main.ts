import { ConfigError, loadConfig, type Config } from './config.js';
import { startServer } from './server.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  let running;
  try {
    running = await startServer(config);
  } catch (err) {
    // A generated setting kept in DATA_DIR or the database (VAPID keys) is checked only once it is read.
    const problem = err instanceof ConfigError ? err.message : listenProblem(err, config);
    if (!problem) throw err;
    console.error(`Cannot start: ${problem}`);
    process.exit(78);
  }
  const { logger } = running;
  const where = `${config.DATABASE_URL ? 'PostgreSQL' : `SQLite in ${config.DATA_DIR}`}, ${config.NATS_URL ? 'NATS JetStream' : 'in-process bus'}`;
  const serves = ['all', 'api'].includes(config.ROLE)
    ? `Drinks is serving on ${running.url}`
    : `Drinks ${config.ROLE} is running; health and metrics on ${running.url}`;
  const lines = [
    '',
    `  ${serves}  (role ${config.ROLE}, ${where})`,
    ...(running.metricsPort === undefined ? [] : [`  Metrics on port ${running.metricsPort} (METRICS_PORT)`]),
    ...(running.demoAccounts.length
      ? [
          '',
          config.DEMO_DATA
            ? '  Demo accounts (for trying the app only, never for production):'
            : '  WARNING: these demo accounts still open with the published password; change it or disable them:',
          ...running.demoAccounts.map((a) => `    ${a.role.padEnd(8)} ${a.email.padEnd(24)} password: ${a.password}`),
        ]
      : []),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await running.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** What a person can fix when the server cannot listen: the setting that names the port or the address. */
function listenProblem(err: unknown, config: Config): string | null {
  const e = err as { code?: unknown; hostname?: unknown; setting?: unknown } | null;
  const [setting, port] = e?.setting === 'METRICS_PORT' ? ['METRICS_PORT', config.METRICS_PORT] : ['PORT', config.PORT];
  switch (e?.code) {
    case 'EADDRINUSE':
      return `${setting}: ${port} is already in use on ${config.HOST}.`;
    case 'EACCES':
      return `${setting}: ${port} needs privileges this process does not have (choose one above 1023).`;
    case 'EADDRNOTAVAIL':
      return `HOST: ${config.HOST} is not an address of this machine.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return e.hostname === config.HOST ? `HOST: ${config.HOST} is not a name this machine can resolve.` : null;
    default:
      return null;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
