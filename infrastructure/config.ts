import { resolve } from 'node:path';
import { z } from 'zod';

// Every setting is an environment variable, validated at start; README.md lists them all.

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}//`,
  );

export const ConfigSchema = z
  .object({
    ROLE: z.enum(['all', 'api', 'projector', 'worker']).default('all'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: int(0, 65535).default(3000),
    PUBLIC_BASE_URL: url(['http:', 'https:']).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

    ADMIN_KEY: z.string().min(32, 'must be at least 32 characters (it creates organizations: make it long and random, e.g. openssl rand -hex 32)').optional(),

    EVENT_STORE: z.enum(['sqlite', 'postgres', 'eventstoredb']).default('sqlite'),
    SQLITE_PATH: z.string().optional(),
    DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
    POSTGRES_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
      .default('public'),
    EVENTSTORE_URL: url(['esdb:', 'esdb+discover:', 'kurrentdb:']).optional(),

    READ_STORE: z.enum(['memory', 'redis']).default('memory'),
    REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,64}$/)
      .default('lcs'),

    BLOB_STORE: z.enum(['local', 'gcs']).default('local'),
    BLOB_DIR: z.string().optional(),
    UPLOAD_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    WEBHOOK_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    WEBHOOK_RETRY_SCHEDULE: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'must be comma-separated seconds, e.g. 0,5,300')
      .default('0,5,300,1800,7200,18000,36000,36000')
      .transform((schedule) => schedule.split(',').map(Number)),
    WEBHOOK_TIMEOUT_MS: int(100, 60_000).default(10_000),
    GCS_BUCKET: z.string().optional(),
    GCS_PROJECT_ID: z.string().optional(),
    GCS_KEY_FILE: z.string().optional(),
    GCS_API_ENDPOINT: url(['http:', 'https:']).optional(),
    PUBSUB_PUSH_AUDIENCE: z.string().optional(),
    PUBSUB_PUSH_SERVICE_ACCOUNT: z.string().optional(),
    PUBSUB_PUSH_TOKEN: z.string().min(16).optional(),
    PUBSUB_JWKS_URL: url(['http:', 'https:']).default('https://www.googleapis.com/oauth2/v3/certs'),
    UPLOAD_SWEEP_SECONDS: int(5, 3600).default(60),

    MAX_UPLOAD_BYTES: int(1, 10 * 1024 ** 3).default(100 * 1024 * 1024),
    UPLOAD_URL_TTL_SECONDS: int(10, 7 * 24 * 3600).default(900),
    GENERATION_WAIT_MS: int(0, 120_000).default(25_000),
    REQUEST_TIMEOUT_MS: int(1000, 3_600_000).default(600_000),
    READ_YOUR_WRITES_TIMEOUT_MS: int(0, 60_000).default(5_000),

    RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(600),
    FAILED_AUTH_PER_MINUTE: int(1, 1_000_000).default(60),
    MAX_CONCURRENT_GENERATIONS: int(1, 1000).default(5),
    IDEMPOTENCY_TTL_SECONDS: int(60, 7 * 24 * 3600).default(86_400),

    WORKER_CONCURRENCY: int(1, 64).default(2),
    LEASE_SECONDS: int(10, 3600).default(180),
    WORKER_SCAN_SECONDS: int(1, 600).default(5),
    PARSER_TIMEOUT_MS: int(1000, 600_000).default(60_000),
    PARSER_MEMORY_MB: int(64, 8192).default(512),
    /** Read by the sandboxed PDF parser from its environment; validated here so a typo stops the service. */
    PDF_OCR_MAX_PAGES: int(1, 1000).default(20),
    SOFFICE_PATH: z.string().optional(),

    WEB_FETCH_TIMEOUT_MS: int(100, 120_000).default(15_000),
    WEB_FETCH_MAX_BYTES: int(1024, 100 * 1024 * 1024).default(10 * 1024 * 1024),
    WEB_FETCH_ALLOW_LOOPBACK: bool.default(false),
    YOUTUBE_BASE_URL: url(['http:', 'https:']).default('https://www.youtube.com'),

    GENERATOR: z.enum(['offline', 'gemini']).default('offline'),
    GEMINI_API_KEY: z.string().min(1).optional(),
    GEMINI_MODEL: z.string().min(1).default('gemini-2.5-flash'),
    GEMINI_BASE_URL: url(['http:', 'https:']).optional(),
    GEMINI_TIMEOUT_MS: int(1000, 600_000).default(120_000),
  })
  .superRefine((config, ctx) => {
    const need = (when: boolean, key: string, why: string) => {
      if (when && !config[key as keyof typeof config]) ctx.addIssue({ code: 'custom', path: [key], message: `is required when ${why}` });
    };
    need(config.EVENT_STORE === 'postgres', 'DATABASE_URL', 'EVENT_STORE=postgres');
    need(config.EVENT_STORE === 'eventstoredb', 'EVENTSTORE_URL', 'EVENT_STORE=eventstoredb');
    need(config.BLOB_STORE === 'gcs', 'GCS_BUCKET', 'BLOB_STORE=gcs');
    need(config.GENERATOR === 'gemini', 'GEMINI_API_KEY', 'GENERATOR=gemini');
    // Anyone with a Google account can get a Google-signed token for any audience: only the push
    // subscription's service account makes a token mean "Pub/Sub sent this".
    need(Boolean(config.PUBSUB_PUSH_AUDIENCE), 'PUBSUB_PUSH_SERVICE_ACCOUNT', 'PUBSUB_PUSH_AUDIENCE is set');
    if (config.ROLE !== 'all' && config.READ_STORE === 'memory') {
      ctx.addIssue({
        code: 'custom',
        path: ['READ_STORE'],
        message: `must be redis when ROLE=${config.ROLE}: separate processes share read models through Redis`,
      });
    }
    if (config.ROLE !== 'all' && config.EVENT_STORE === 'sqlite') {
      ctx.addIssue({ code: 'custom', path: ['EVENT_STORE'], message: `must be postgres or eventstoredb when ROLE=${config.ROLE}` });
    }
    if ((config.ROLE === 'api' || config.ROLE === 'worker') && config.BLOB_STORE === 'local' && !config.UPLOAD_SIGNING_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['UPLOAD_SIGNING_SECRET'], message: 'is required when processes share a local blob directory' });
    }
    if ((config.ROLE === 'api' || config.ROLE === 'worker') && !config.WEBHOOK_SIGNING_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOK_SIGNING_KEY'],
        message: "is required when the api and the workers run as separate processes (both derive the endpoints' secrets from it)",
      });
    }
  });

export type Config = z.infer<typeof ConfigSchema> & { dataDir: string; publicBaseUrl: string };

export class ConfigError extends Error {}

/** Parses the environment; the error lists every bad variable with what it must be (values are not echoed: some are secrets). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = ConfigSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(config)'}: ${issue.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const config = result.data;
  return {
    ...config,
    dataDir: resolve(config.DATA_DIR),
    publicBaseUrl: (config.PUBLIC_BASE_URL ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`).replace(/\/$/, ''),
  };
}
