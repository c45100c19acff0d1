import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  APP_URL: z.url().default('http://localhost:3000'),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().min(3).default('Itrust <no-reply@itrust.local>'),
  MAIL_OUTBOX_DIR: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MARKET_DATA: z.enum(['simulated', 'fmp']).default('simulated'),
  MARKET_DATA_API_KEY: optionalText,
  MARKET_SEED: z.coerce.number().int().default(20250131),
  MARKET_TICK_SECONDS: z.coerce.number().min(1).max(3600).default(5),
  TEST_HOOKS: z.enum(['on', 'off']).default('off'),
  CHAT_WIDGET_ID: optionalText,
  WEB_DIST_DIR: optionalText,
  PLATFORM_SETTINGS_FILE: optionalText,
  SAVINGS_PRODUCTS_FILE: optionalText,
  AUTO_INVEST_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  AUTO_INVEST_MIN_CASH: z.coerce.number().positive().default(10),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_PER_USER_PER_MINUTE: z.coerce.number().int().positive().optional(),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  STREAMS_TOTAL: z.coerce.number().int().positive().default(1000),
  STREAM_STALL_SECONDS: z.coerce.number().min(1).max(600).default(30),
  DEPOSIT_CRYPTO_MIN: z.coerce.number().positive().default(1000),
  DEPOSIT_CRYPTO_MAX: z.coerce.number().positive().default(1_000_000),
  DEPOSIT_BANK_MIN: z.coerce.number().positive().default(50_000),
  DEPOSIT_BANK_MAX: z.coerce.number().positive().default(1_000_000),
  WITHDRAWAL_MIN: z.coerce.number().positive().default(1000),
  WITHDRAWAL_MAX: z.coerce.number().positive().default(1_000_000),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  APP_SECRET: optionalText.pipe(z.string().min(32, 'APP_SECRET must be at least 32 characters.').optional()),
});

export class ConfigError extends Error {}

/** Reads and validates the environment once; `.env` in the repository root is read when present. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const envFile = path.join(repoRoot, '.env');
  if (env === process.env && existsSync(envFile)) process.loadEnvFile(envFile);

  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.MARKET_DATA === 'fmp' && !values.MARKET_DATA_API_KEY) {
    throw new ConfigError('Invalid configuration:\n  MARKET_DATA_API_KEY: required when MARKET_DATA=fmp.');
  }
  if (values.NODE_ENV === 'production' && !values.APP_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  APP_SECRET: required in production (at least 32 random characters).',
    );
  }
  if (values.NODE_ENV === 'production' && values.TEST_HOOKS === 'on') {
    throw new ConfigError('Invalid configuration:\n  TEST_HOOKS: hooks for tests, never on in production.');
  }
  const dataDir = path.resolve(repoRoot, values.DATA_DIR);
  const range = (min: number, max: number): [number, number] => [min, max];
  const appUrl = new URL(values.APP_URL);
  return {
    nodeEnv: values.NODE_ENV,
    isProduction: values.NODE_ENV === 'production',
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    appUrl: values.APP_URL.replace(/\/$/, ''),
    /** Passkeys belong to the host of APP_URL (the relying party) and are accepted only from its origin. */
    passkeys: { rpId: appUrl.hostname, origin: appUrl.origin },
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mailOutboxDir: values.MAIL_OUTBOX_DIR
      ? path.resolve(repoRoot, values.MAIL_OUTBOX_DIR)
      : path.join(dataDir, 'outbox'),
    logLevel: values.LOG_LEVEL,
    marketData: values.MARKET_DATA,
    marketDataApiKey: values.MARKET_DATA_API_KEY,
    marketSeed: values.MARKET_SEED,
    marketTickSeconds: values.MARKET_TICK_SECONDS,
    /** Lets end-to-end tests set a price and fill the orders it crosses (POST /api/dev/market/price). */
    testHooks: values.TEST_HOOKS === 'on',
    chatWidgetId: values.CHAT_WIDGET_ID,
    webDistDir: path.resolve(repoRoot, values.WEB_DIST_DIR ?? 'apps/web/dist'),
    platformSettingsFile: path.resolve(
      repoRoot,
      values.PLATFORM_SETTINGS_FILE ?? 'config/platform-settings.sample.json',
    ),
    savingsProductsFile: path.resolve(repoRoot, values.SAVINGS_PRODUCTS_FILE ?? 'config/savings-products.json'),
    autoInvestSeconds: values.AUTO_INVEST_SECONDS,
    autoInvestMinimumCash: values.AUTO_INVEST_MIN_CASH,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    /** Requests per minute of one signed-in user, from however many addresses. */
    rateLimitPerUserPerMinute: values.RATE_LIMIT_PER_USER_PER_MINUTE ?? values.RATE_LIMIT_PER_MINUTE,
    /** Time a client has to send a whole request (headers and body); a slower one gets 408. */
    requestTimeoutMs: values.REQUEST_TIMEOUT_SECONDS * 1000,
    /** Open connections one address may hold; more are closed as they arrive. */
    connectionsPerAddress: values.CONNECTIONS_PER_ADDRESS,
    /** Quote streams per address and in all; `stallMs` is how long a client may leave its stream unread. */
    streams: {
      perAddress: values.STREAMS_PER_ADDRESS,
      total: values.STREAMS_TOTAL,
      stallMs: values.STREAM_STALL_SECONDS * 1000,
    },
    tokenLifetimeMs: values.TOKEN_TTL_HOURS * 60 * 60 * 1000,
    limits: {
      cryptoDeposit: range(values.DEPOSIT_CRYPTO_MIN, values.DEPOSIT_CRYPTO_MAX),
      bankDeposit: range(values.DEPOSIT_BANK_MIN, values.DEPOSIT_BANK_MAX),
      withdrawal: range(values.WITHDRAWAL_MIN, values.WITHDRAWAL_MAX),
    },
    appSecret: values.APP_SECRET,
  };
}

export type Config = ReturnType<typeof loadConfig>;
