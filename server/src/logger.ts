import pino from 'pino';

/** Structured JSON logs; anything that could carry a secret is redacted. */
export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'databaseUrl', '*.databaseUrl'],
      censor: '[redacted]',
    },
  });
}

export type AppLogger = ReturnType<typeof createLogger>;
