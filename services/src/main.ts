import { ConfigError, loadConfig } from './config.js';
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
  const running = await startServer(config);
  const { logger } = running;
  if (running.url) {
    const lines = [
      '',
      `  Drinks is serving on ${running.url}  (role ${config.ROLE}, ${config.DATABASE_URL ? 'PostgreSQL' : `SQLite in ${config.DATA_DIR}`}, ${config.NATS_URL ? 'NATS JetStream' : 'in-process bus'})`,
      ...(running.demoAccounts.length
        ? [
            '',
            '  Demo accounts (for trying the app only, never for production):',
            ...running.demoAccounts.map((a) => `    ${a.role.padEnd(8)} ${a.email.padEnd(24)} password: ${a.password}`),
          ]
        : []),
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  } else {
    logger.info({ role: config.ROLE }, 'started');
  }
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
