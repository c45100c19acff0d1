import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { MailQueue } from './jobs/mail.job.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createThrottle } from './lib/throttle.ts';
import { usePlainMessages } from './lib/zod-messages.ts';
import { createAuthenticator } from './modules/auth/authenticator.ts';
import { createCodes } from './modules/auth/codes.ts';
import { createRecoveryCodes } from './modules/auth/recovery-codes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passkeyRoutes } from './modules/auth/passkeys.routes.ts';
import { createPasskeysRepository } from './modules/auth/passkeys.repository.ts';
import { createPasskeys } from './modules/auth/passkeys.service.ts';
import { createPasswordReset } from './modules/auth/password-reset.service.ts';
import { createRegistration } from './modules/auth/registration.service.ts';
import { createSessions } from './modules/auth/session.service.ts';
import { createSecondStep } from './modules/auth/second-step.ts';
import { stepUpRoutes } from './modules/auth/step-up.routes.ts';
import { createTokens } from './modules/auth/tokens.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import multipart from '@fastify/multipart';
import { kycImageMaxBytes } from '@itrust/contracts';
import path from 'node:path';
import { accountRoutes } from './modules/account/account.routes.ts';
import { authenticatorRoutes } from './modules/account/authenticator.routes.ts';
import { createStrongMethods } from './modules/account/strong-methods.service.ts';
import { createDevices } from './modules/account/devices.ts';
import { createNotificationPreferences } from './modules/account/notifications.ts';
import { createEmailChange } from './modules/account/email-change.service.ts';
import { createProfileService } from './modules/account/profile.service.ts';
import { createSecurityService } from './modules/account/security.service.ts';
import { createSecurityEvents } from './modules/account/security-events.service.ts';
import { sessionsRoutes } from './modules/account/sessions.routes.ts';
import { createSessionList } from './modules/account/sessions.service.ts';
import { createImageStore } from './modules/kyc/kyc.images.ts';
import { createKycRepository } from './modules/kyc/kyc.repository.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { createKycService } from './modules/kyc/kyc.service.ts';
import { createUserPresenter } from './modules/users/users.presenter.ts';
import { adminKycRoutes } from './modules/admin/admin-kyc.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { portfolioRoutes } from './modules/portfolio/portfolio.routes.ts';
import { createPortfolioService } from './modules/portfolio/portfolio.service.ts';
import { savingsRoutes } from './modules/savings/savings.routes.ts';
import { createSavingsService } from './modules/savings/savings.service.ts';
import { autoRoutes } from './modules/auto/auto.routes.ts';
import { autoServiceFor } from './modules/auto/auto.service.ts';
import { orderRoutes } from './modules/trading/orders.routes.ts';
import { positionRoutes } from './modules/trading/position.routes.ts';
import { tradeHistoryRoutes } from './modules/trading/trade-history.routes.ts';
import { watchlistRoutes } from './modules/trading/watchlist.routes.ts';
import { createWatchlist } from './modules/trading/watchlist.service.ts';
import { createOrderFills, createTradingService } from './modules/trading/trading.service.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { createAuditRepository } from './modules/admin/audit.repository.ts';
import { paymentMethodsRoutes } from './modules/ledger/payment-methods.routes.ts';
import { transactionsRoutes } from './modules/ledger/transactions.routes.ts';
import { walletServiceFor } from './modules/ledger/wallet.service.ts';
import { dividendHookRoutes } from './modules/dividends/dividend-hook.routes.ts';
import { createDividendPayments } from './modules/dividends/dividend-payments.ts';
import { dividendRoutes } from './modules/dividends/dividends.routes.ts';
import { createDividends } from './modules/dividends/dividends.service.ts';
import { scheduleHookRoutes } from './modules/schedules/schedule-hook.routes.ts';
import { createSplitApplier } from './modules/splits/split-apply.ts';
import { splitHookRoutes } from './modules/splits/split-hook.routes.ts';
import { splitRoutes } from './modules/splits/splits.routes.ts';
import { createSplits } from './modules/splits/splits.service.ts';
import { createScheduleRuns } from './modules/schedules/schedule-runs.ts';
import { scheduleRoutes } from './modules/schedules/schedules.routes.ts';
import { createSchedules } from './modules/schedules/schedules.service.ts';
import { createMarketRepository } from './modules/market/market.repository.ts';
import { marketRoutes } from './modules/market/market.routes.ts';
import { createMarketService } from './modules/market/market.service.ts';
import { createQuoteHub } from './modules/market/quote-hub.ts';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes.ts';
import { priceHookRoutes } from './modules/market/price-hook.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { clientConfigRoutes } from './modules/reference/client-config.routes.ts';
import { createReferenceRepository } from './modules/reference/reference.repository.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { createReferenceService } from './modules/reference/reference.service.ts';
import { limitConnections, requestTimeouts } from './plugins/connections.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWebApp } from './plugins/web.ts';

export type AppDependencies = {
  config: Config;
  db: Database;
  mail: MailQueue;
  /** Key for the HMAC under which verification codes are stored. */
  appSecret: string;
  clock?: Clock;
  /** Draws a transaction's reference; random unless a test needs two to clash. */
  references?: () => string;
  logger?: FastifyServerOptions['logger'];
};

export async function buildApp({
  config,
  db,
  mail,
  appSecret,
  clock = systemClock,
  references,
  logger,
}: AppDependencies) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => randomUUID(),
    trustProxy: false,
    // A long path parameter reaches its route, where validation rejects it with our envelope and
    // headers; the router's own 414 would skip both.
    routerOptions: { maxParamLength: 8192 },
    ...requestTimeouts(config.requestTimeoutMs),
  }).withTypeProvider<ZodTypeProvider>();
  limitConnections(app.server, config.connectionsPerAddress);

  usePlainMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurity(app, config);
  await registerDocs(app);

  const users = createUsersRepository(db);
  const tokens = createTokens(db, clock, config.tokenLifetimeMs);
  const throttle = createThrottle(clock);
  const codes = createCodes({ db, clock, throttle, secret: appSecret, users, mail });
  const recoveryCodes = createRecoveryCodes({ db, clock, secret: appSecret });
  const authenticator = createAuthenticator({ db, clock, secret: appSecret, users, recoveryCodes });
  registerAuth(app, { tokens, clock });
  // Identity images: two files of at most 2 MB; anything bigger is refused while it streams in.
  await app.register(multipart, {
    limits: { fileSize: kycImageMaxBytes, files: 2, fields: 8, fieldSize: 1024, parts: 10 },
  });

  const reference = createReferenceService(createReferenceRepository(db));
  const devices = createDevices(db, clock, mail);
  const kycRepository = createKycRepository(db);
  const passkeysRepository = createPasskeysRepository(db);
  const present = createUserPresenter(
    (userId) => kycRepository.documentsOf(userId),
    reference.currencies,
    async (userId) => (await passkeysRepository.countOf(userId)) > 0,
  );
  const access = {
    db,
    clock,
    users,
    tokens,
    codes,
    authenticator,
    recoveryCodes,
    throttle,
    mail,
    devices,
    appUrl: config.appUrl,
  };
  const passkeys = createPasskeys({ ...access, relyingParty: config.passkeys });
  const secondStep = createSecondStep({ users, codes, mail, authenticator, recoveryCodes, passkeys });
  const sessions = createSessions({ ...access, secondStep });
  const events = createSecurityEvents({ db, clock, users, mail });
  await app.register(healthRoutes, { prefix: '/api', db });
  await app.register(referenceRoutes, { prefix: '/api', reference });
  await app.register(clientConfigRoutes, { prefix: '/api', config });
  await app.register(authRoutes, {
    prefix: '/api',
    registration: createRegistration(access),
    sessions,
    passwordReset: createPasswordReset(access),
    present,
  });
  await app.register(stepUpRoutes, { prefix: '/api', sessions });
  await app.register(passkeyRoutes, {
    prefix: '/api',
    passkeys,
    present,
    events,
  });
  const auto = autoServiceFor(db, clock, users, config.autoInvestMinimumCash);
  const wallet = walletServiceFor(db, clock, users, config.limits, auto.raiseCash, references);
  const savings = createSavingsService({ db, clock, users });
  const portfolio = createPortfolioService({ db, clock, wallet, savings });
  await app.register(usersRoutes, { prefix: '/api', present, wallet, reference, savings, portfolio });
  await app.register(portfolioRoutes, { prefix: '/api', portfolio });
  await app.register(savingsRoutes, { prefix: '/api', db, savings });
  await app.register(transactionsRoutes, { prefix: '/api', db, wallet });
  await app.register(paymentMethodsRoutes, { prefix: '/api', wallet, events });
  await app.register(autoRoutes, { prefix: '/api', auto });
  const trading = createTradingService({ db, clock, users });
  await app.register(positionRoutes, { prefix: '/api', db, trading });
  await app.register(orderRoutes, { prefix: '/api', db, trading });
  await app.register(scheduleRoutes, { prefix: '/api', db, schedules: createSchedules({ db, clock }) });
  await app.register(dividendRoutes, {
    prefix: '/api',
    db,
    dividends: createDividends({ db, clock, seed: config.marketSeed }),
  });
  await app.register(tradeHistoryRoutes, { prefix: '/api', trading });
  await app.register(watchlistRoutes, { prefix: '/api', watchlist: createWatchlist(db) });
  const emailChange = createEmailChange(access);
  const profile = createProfileService({ db, clock, users, emailChange });
  await app.register(authenticatorRoutes, {
    prefix: '/api',
    authenticator,
    strongMethods: createStrongMethods(access),
    profile,
    present,
    events,
  });
  await app.register(accountRoutes, {
    prefix: '/api',
    profile,
    emailChange,
    security: createSecurityService(access),
    events,
    notifications: createNotificationPreferences(db),
    present,
  });
  await app.register(sessionsRoutes, { prefix: '/api', sessions: createSessionList({ tokens, events }) });
  const market = createMarketRepository(db);
  const hub = createQuoteHub(db, market, app.log);
  app.addHook('onReady', () => hub.start());
  app.addHook('onClose', () => hub.stop());
  await app.register(marketRoutes, {
    prefix: '/api',
    market: createMarketService(db, clock),
    hub,
    streams: config.streams,
  });
  const images = createImageStore(path.join(config.dataDir, 'uploads'));
  const kyc = createKycService({ db, clock, users, kyc: kycRepository, images });
  await app.register(kycRoutes, { prefix: '/api', kyc });
  const audit = createAuditRepository();
  const admin = createAdminService({ db, clock, users, wallet, audit, mail });
  await app.register(adminKycRoutes, { prefix: '/api', admin });
  await app.register(adminRoutes, { prefix: '/api', admin, present });
  await app.register(splitRoutes, {
    prefix: '/api',
    db,
    splits: createSplits({ db, clock, audit, simulatedMarket: config.marketData === 'simulated' }),
  });
  if (!config.isProduction) await app.register(devMailRoutes, { outboxDir: config.mailOutboxDir });
  if (config.testHooks) {
    const fills = createOrderFills({ db, clock, users, mail });
    await app.register(priceHookRoutes, { prefix: '/api', db, afterTick: () => fills.fillTriggered() });
    const runsAt = (at: Date) => createScheduleRuns({ db, clock: { now: () => at }, trading, wallet, mail });
    await app.register(scheduleHookRoutes, { prefix: '/api', runsAt });
    const paymentsAt = (at: Date) =>
      createDividendPayments({ db, clock: { now: () => at }, seed: config.marketSeed, trading, mail });
    await app.register(dividendHookRoutes, { prefix: '/api', paymentsAt });
    const applierAt = (at: Date) => createSplitApplier({ db, clock: { now: () => at }, mail });
    await app.register(splitHookRoutes, { prefix: '/api', applierAt });
  }

  await registerWebApp(app, config.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
