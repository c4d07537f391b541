import 'reflect-metadata';
import { ConfigError, loadEnv } from './config/env';
import { openDatabase } from './db/database';
import { createLogger } from './logger';
import { transcodeJobHandler, videoLimits } from './modules/video/video-processing';
import { videoTools } from './modules/video/transcode';
import { VideoQueue } from './modules/video/video-queue';
import { JobQueue } from './db/job-queue';
import { createVideoStorage } from './modules/video/video-storage';
import { createMailService } from './modules/mail/mailer';
import { outboxSealKey } from './modules/mail/sealed-text';
import { resolveJwtSecret } from './config/jwt-secret';
import { createSmsProvider } from './modules/phone/sms-provider';

/** `npm run worker`: processes uploaded lesson videos (and delivers queued mail) from the PostgreSQL job queue, apart from the web server. */
async function main() {
  const env = loadEnv();
  const log = createLogger(env.logLevel);
  if (!env.databaseUrl) throw new ConfigError('The worker needs DATABASE_URL: the database the server uses (an embedded one belongs to its server process).');
  const database = await openDatabase(env, log);
  const jobs = new JobQueue(env.databaseUrl, log, { maintenanceIntervalSeconds: env.video.queueCheckSeconds, connections: 5 + env.video.concurrency });
  const queue = new VideoQueue(jobs, {
    jobTimeoutSeconds: env.video.jobTimeoutSeconds,
    retryDelaySeconds: env.video.retryDelaySeconds,
    concurrency: env.video.concurrency,
  });
  // Mail queued by the servers is delivered here too.
  const mail = createMailService(
    database.dataSource,
    log,
    {
      smtpUrl: env.smtpUrl,
      from: env.mailFrom,
      mail: env.mail,
      sms: createSmsProvider(env.sms),
      publicUrl: env.publicUrl,
      // The servers' secret: SMS texts they sealed are opened here.
      sealKey: outboxSealKey(resolveJwtSecret(env)),
    },
    jobs,
  );
  await mail.work();
  await queue.work(
    transcodeJobHandler({
      db: database.dataSource,
      storage: createVideoStorage(env),
      log,
      tools: videoTools(env.video),
      limits: videoLimits(env.video),
      mailer: mail.mailer,
      publicUrl: env.publicUrl,
    }),
  );
  log.info('video worker is waiting for jobs');
  const stop = async (signal: string) => {
    log.info({ signal }, 'video worker stopping: finishing the job in hand');
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `The video worker could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
