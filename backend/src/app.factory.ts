import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { INestApplication, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { API_BASE } from '@campaign/domain';
import express, { NextFunction, Request, Response } from 'express';
import { AppModule } from './app.module';
import { AppLogger } from './common/http/logger';
import { anonymousBody, bodyParsers, budgetErrors, queryBudget, signedByStaff, utf8Bodies } from './common/http/request-budget';
import { BodylessRouteInterceptor, SafeInputPipe, wellFormedText } from './common/http/safe-input';
import { memoryAnswers, servePublicAnswers } from './common/http/cached-json';
import { UserRequestGate, UserRequestsInterceptor } from './common/http/user-requests';
import { precompressedSuffix } from './common/http/precompressed';
import { inlineScriptHashes, securityHeaders } from './common/http/security-headers';
import { createValidationPipe } from './common/http/validation';
import { PublicLanguageInterceptor } from './common/i18n/public-messages';
import { AppConfig } from './config/configuration';
import { SITE_PAGE_ROUTES } from './modules/site-page/site-page.controller';
import { isReadMethod } from './common/http/read-method';

/** The API's prefix as Nest's router takes it (no leading slash). */
export const API_PREFIX = API_BASE.slice(1);

/** Builds the whole app (API, docs, static front ends) for main.ts and the tests alike. */
export async function createApp(config: AppConfig, opts: { logger?: false | LoggerService } = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    logger: opts.logger === undefined ? undefined : opts.logger,
  });
  if (opts.logger === undefined) app.useLogger(app.get(AppLogger));
  const http = app.getHttpAdapter().getInstance() as express.Express;
  // Nested query parameters (order[0][column]) are part of the paging protocol.
  http.set('query parser', 'extended');
  http.set('trust proxy', config.app.trustProxy);
  http.disable('x-powered-by');
  // HSTS and upgrade-insecure-requests only over HTTPS (common/http/security-headers.ts).
  // Each built page's inline script is allowed by its hash: the public page's full-page check and the admin's shell preloads (admin/vite.config.ts).
  app.use(
    securityHeaders(
      inlineScriptHashes([
        join(config.app.staticRoot, 'public-site', 'dist', 'index.html'),
        join(config.app.staticRoot, 'admin', 'dist', 'index.html'),
      ]),
    ),
  );
  // The cost budget (common/http/request-budget.ts): query strings and bodies are measured
  // before they are parsed; over a cap the request is answered 413 and nothing else runs.
  app.use(queryBudget);
  // An address that starts with several slashes (a link glued together badly, `https://site//winners`)
  // is the page it names: the routes match from the first segment, which would be empty.
  app.use((req: Request, _res: Response, next: NextFunction) => {
    if (req.url.startsWith('//')) req.url = req.url.replace(/^\/+/, '/');
    next();
  });
  // The landing page's reads (the routes marked ServedFromMemory), from memory while fresh (docs/benchmarks.md).
  app.use(servePublicAnswers(memoryAnswers(app, API_PREFIX)));
  // An anonymous body has a far lower size cap than a staff one (the token's signature picks).
  const jwt = app.get(JwtService);
  const isStaff = signedByStaff((token) => jwt.verify(token));
  // JSON and form bodies are UTF-8: any other charset is refused 415 before a byte is read (the budget counts bytes).
  app.use(utf8Bodies);
  app.use(anonymousBody(isStaff));
  for (const parser of bodyParsers(isStaff)) app.use(parser);
  app.use(budgetErrors);
  app.use((req: Request, _res: Response, next: NextFunction) => {
    if (req.body && typeof req.body === 'object') wellFormedText(req.body);
    next();
  });
  // The public site's page and pictures (SitePageController) are served outside the API's prefix.
  app.setGlobalPrefix(API_PREFIX, { exclude: SITE_PAGE_ROUTES });
  app.useGlobalPipes(createValidationPipe(), new SafeInputPipe());
  // A signed-in user's requests run at most N at a time, the next ones in turn (common/http/user-requests.ts).
  const userRequests = new UserRequestGate(config.userRequests.inFlight, config.userRequests.queued);
  const userSearches = new UserRequestGate(config.userRequests.searchesInFlight, config.userRequests.queued, undefined, 'searches (or full lists)', 1, 50);
  app.useGlobalInterceptors(new UserRequestsInterceptor(userRequests, userSearches), new BodylessRouteInterceptor(), new PublicLanguageInterceptor());

  if (config.app.apiDocs) mountApiDocs(app);

  mountStatic(http, config);
  return app;
}

/** The OpenAPI pages (/api/docs): on outside production; in production only with API_DOCS=on (the route map helps an attacker). */
function mountApiDocs(app: INestApplication) {
  const docConfig = new DocumentBuilder()
    .setTitle('Campaign API')
    .setDescription(
      'Public campaign site and staff admin API. Tables speak the paging protocol (draw, start, length, order, search, columns).',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, docConfig), { jsonDocumentUrl: 'api/docs-json' });
}

/**
 * Uploads and the built front ends' files: the admin (at /admin and /login, its page for every
 * path under it) and the public site's files. Any other path goes on to the routes, where the
 * site's page answers it (SitePageController).
 */
function mountStatic(http: express.Express, config: AppConfig) {
  const root = config.app.staticRoot;
  const uploads = config.files.uploadDir;
  mkdirSync(uploads, { recursive: true });
  http.use('/uploads', express.static(uploads, { maxAge: '7d', immutable: true, fallthrough: false, dotfiles: 'deny' }));
  // Built files go out as their precompressed twin (.br/.gz, scripts/precompress.mjs) when the client takes one.
  const spa = (dir: string, prefix: string, withPage: boolean) => {
    const index = join(dir, 'index.html');
    const assets = express.static(dir, { index: false, maxAge: '1y', immutable: true });
    const files = express.static(dir, { index: false, maxAge: '1h' });
    return (req: Request, res: Response, next: NextFunction) => {
      if (!isReadMethod(req.method)) return next();
      const rest = prefix ? req.path.slice(prefix.length) || '/' : req.path;
      const isAsset = rest.startsWith('/assets/');
      if (isAsset || (/\.[a-z0-9]+$/i.test(rest) && existsSync(join(dir, rest)))) {
        // The admin's service worker is checked for a new build on every visit (the browser revalidates it; no cache may hide a release).
        if (rest === '/sw.js') {
          res.setHeader('Cache-Control', 'no-cache');
          // Its scope takes /admin itself (where sign-in lands) as well as what is below /admin/.
          if (prefix === '/admin') res.setHeader('Service-Worker-Allowed', '/admin');
        }
        req.url = rest + precompressedSuffix(req, res, join(dir, rest));
        return (isAsset ? assets : files)(req, res, next);
      }
      if (!withPage) return next();
      if (!existsSync(index)) return res.status(503).type('text').send(`Not built yet: run npm run build (${dir})`);
      res.setHeader('Cache-Control', 'no-cache');
      return res.sendFile(index + precompressedSuffix(req, res, index));
    };
  };
  const admin = spa(join(root, 'admin', 'dist'), '/admin', true);
  const site = spa(join(root, 'public-site', 'dist'), '', false);
  http.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/') || req.path === '/api') return next();
    if (req.path === '/admin' || req.path.startsWith('/admin/')) return admin(req, res, next);
    if (req.path === '/login') {
      req.url = '/admin/login';
      return admin(req, res, next);
    }
    return site(req, res, next);
  });
}
