import { constants } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './http/app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { startTableMaintenance } from './db/tableMaintenance';
import { startSlaSweep } from './missions/slaBreaches';
import { startExpiryWarnings } from './agents/expiryWarnings';
import { startAlarmSweeps } from './alarms/sweeps';
import { startPositionRetention } from './positions/retention';
import { startPrivacyRetention } from './privacy/retention';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './demo/seed';
import { DEMO_TRACKING_TOKEN, demoTrackingOpen } from './demo/seedTracking';
import { trackingPagePath } from '../src/domain/tracking';
import { DataDirLockedError, lockDataDir } from './runtime/lock';
import { createLogger } from './runtime/logger';
import { createMailer } from './mail/mailer';
import { closeGracefully } from './runtime/shutdown';
import spaPlugin from './http/plugins/spa';
import { createStorage } from './files/store';
import { listenForBackups } from './runtime/backup/controlSocket';

/** config → database (migrate, seed on empty) → app → listen; SPA and API on one port. */
async function main() {
  // Stop signals are handled from the first moment. One that arrives while the server starts
  // (initdb, migrations, the demo seed, the first SLA sweep) waits for the start to end and then
  // closes everything in order: left to the signal's default action it killed the process with the
  // embedded database possibly mid-write and its lock and control socket left in DATA_DIR. A second
  // signal during the start stops at once, as a second Ctrl-C is meant to.
  let shutdown: ((signal: string) => Promise<void>) | null = null;
  let askedDuringStart: string | null = null;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (shutdown) void shutdown(signal);
      else if (askedDuringStart) process.exit(128 + constants.signals[signal]);
      else {
        askedDuringStart = signal;
        console.log('Parada pedida: o servidor encerra assim que terminar de iniciar (repita para sair já).');
      }
    });
  }

  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // The lock only matters for the embedded database; a real PostgreSQL serves many instances.
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'db'),
  });
  await migrateDatabase(database);
  const storage = createStorage(config);
  const seeded = await seedDemo(database.db, storage);
  const stopMaintenance = database.driver === 'pglite' ? startTableMaintenance(database.db, logger) : async () => {};

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: logger });
  const app = await buildApp({ config, db: database.db, mailer, logger, poolStats: database.poolStats, storage });
  await app.register(spaPlugin, { root: join(process.cwd(), 'dist') });
  await app.listen({ port: config.port, host: config.host });
  const stopSlaSweep = startSlaSweep(database.db, logger);
  const stopAlarmSweeps = startAlarmSweeps({ db: database.db, mailer, publicUrl: config.publicUrl }, logger);
  const stopExpiryWarnings = startExpiryWarnings({ db: database.db, mailer, publicUrl: config.publicUrl }, logger);
  const stopRetention = startPositionRetention(database.db, logger, config.positionRetentionDays);
  const stopPrivacyRetention = startPrivacyRetention(database.db, logger);

  // PGlite's database can be copied only by this process: `npm run backup` asks it over DATA_DIR/control.sock.
  const stopBackups =
    database.driver === 'pglite' && database.dump
      ? await listenForBackups(
          { dataDir: config.dataDir, dumpDatabase: database.dump, localFiles: !config.s3, holdRemovals: () => storage.holdRemovals() },
          logger,
        )
      : async () => {};

  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(`\nPronta Resposta pronto em ${url}`);
  console.log(`Banco: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${join(config.dataDir, 'db')}`}${seeded ? ' (dados de demonstração criados)' : ''}`);
  console.log(`Logins de demonstração (senha ${DEMO_PASSWORD}):`);
  for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(26)} ${user.roleType} / ${user.perfil}`);
  if (await demoTrackingOpen(database.db)) {
    console.log(`Acompanhamento do embarcador (sem login, missão DEMO-0003): ${url}${trackingPagePath(DEMO_TRACKING_TOKEN)}`);
  }

  let closing = false;
  shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const code = await closeGracefully(
      [
        { name: 'http server', run: () => app.close() }, // waits for in-flight requests
        { name: 'backup socket', run: stopBackups },
        { name: 'table maintenance', run: stopMaintenance },
        { name: 'SLA sweep', run: stopSlaSweep },
        { name: 'alarm sweeps', run: stopAlarmSweeps },
        { name: 'expiry warnings', run: stopExpiryWarnings },
        { name: 'position retention', run: stopRetention },
        { name: 'privacy retention', run: stopPrivacyRetention },
        { name: 'database', run: () => database.close() },
        { name: 'file storage', run: () => storage.close() },
        { name: 'data dir lock', run: unlock },
      ],
      logger,
    );
    process.exit(code);
  };
  if (askedDuringStart) await shutdown(askedDuringStart);
}

main().catch((error) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
