import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Next, Req, RequestMethod, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { Public } from '../../common/auth/decorators';
import { sendText } from '../../common/http/cached-json';
import { publicLang } from '../../common/i18n/public-messages';
import { ConfigService } from '../../config/config.module';
import { SCALED_PATH } from './scaled-pictures';
import { OG_IMAGE, SitePage } from './site-page';

/**
 * The page answers every path no other route (or built file) took: the site's router draws its
 * pages, dialogs and not-found. Not `{*path}`: Nest takes a path starting with a wildcard for a
 * middleware's wildcard and mounts the request logger under the API's prefix for it too.
 */
const PAGE_PATHS = ['/', ':page{/*rest}'];

/**
 * This controller's routes, outside the API's prefix (app.factory.ts). An exclusion is a pattern
 * matched against each route's declared path, so the page's second path is written escaped:
 * as a pattern it would match, and take out of the prefix, every route of the app.
 */
export const SITE_PAGE_ROUTES: Array<{ path: string; method: RequestMethod }> = [
  { path: OG_IMAGE.path, method: RequestMethod.GET },
  { path: `${SCALED_PATH}:file`, method: RequestMethod.GET },
  ...PAGE_PATHS.map((path) => ({ path: path.replace(/[:{}*]/g, '\\$&'), method: RequestMethod.GET })),
];

/**
 * The public site's page as the brand's settings make it (SitePage), its share picture and the
 * brand's pictures scaled. The built files themselves (scripts, styles, icons) are served ahead
 * of every route (app.factory.ts). Its module is the app's last, so the page's route comes after
 * every API route.
 */
@ApiExcludeController()
@Public()
@Controller()
export class SitePageController {
  private readonly siteDir: string;
  private readonly index: string;

  constructor(
    private readonly sitePage: SitePage,
    config: ConfigService,
  ) {
    this.siteDir = join(config.get('app').staticRoot, 'public-site', 'dist');
    this.index = join(this.siteDir, 'index.html');
  }

  /** The share preview's picture (Open Graph / Twitter card); its address carries a version, so it may be kept. */
  @Get(OG_IMAGE.path)
  ogImage(@Res() res: Response, @Next() next: NextFunction) {
    this.sitePage.ogImage(this.index).then((jpeg) => {
      res.setHeader('Cache-Control', 'public, max-age=86400');
      res.type('image/jpeg').send(jpeg);
    }, next);
  }

  /** The brand's pictures scaled for the page's srcset (an upload's name never changes: kept for good). */
  @Get(`${SCALED_PATH}:file`)
  scaled(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction) {
    this.sitePage.scaled(String(req.params.file)).then((webp) => {
      if (!webp) return res.status(404).type('text').send('Not found');
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.type('image/webp').send(webp);
    }, next);
  }

  /** One page per language and route, made for the site's one address (PUBLIC_URL): the Host header is never read. */
  @Get(PAGE_PATHS)
  page(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction) {
    // An API path no API route took goes on to the API's 404.
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (!existsSync(this.index)) return res.status(503).type('text').send(`Not built yet: run npm run build (${this.siteDir})`);
    res.append('Vary', 'Cookie, Accept-Language');
    this.sitePage.page(this.index, publicLang(req), req.path).then((answer) => sendText(res, answer, 'html', 'no-cache'), next);
  }
}
