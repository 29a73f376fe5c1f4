import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers (helmet). Two of them only make sense over HTTPS and are sent only
 * when the request came over HTTPS, directly or through a trusted proxy whose
 * X-Forwarded-Proto says so (Express's `req.secure` under the `trust proxy` setting):
 * `Strict-Transport-Security` and the CSP's `upgrade-insecure-requests`. Over plain HTTP
 * (a phone on the showroom's Wi-Fi opening http://192.168.x.x:3000) they would make the
 * browser ask for https:// addresses nothing serves. Every other header goes out either way.
 *
 * `inlineScriptHashes`: 'sha256-...' sources of the built pages' own inline scripts
 * (see inlineScriptHashes below); no other inline script may run.
 */
export function securityHeaders(inlineScriptHashes: string[] = []): RequestHandler {
  const options = (https: boolean): HelmetOptions => ({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes, 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        frameSrc: ["'self'", 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  });
  const overHttps = helmet(options(true));
  const overHttp = helmet(options(false));
  return (req: Request, res: Response, next: NextFunction) => (req.secure ? overHttps : overHttp)(req, res, next);
}

/** CSP sources ('sha256-<base64>') of every inline <script> without src in the given HTML files. */
export function inlineScriptHashes(files: string[]): string[] {
  const hashes = new Set<string>();
  for (const file of files) {
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8');
    for (const m of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
      if (m[1].trim()) hashes.add(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}
