import type { LoggerService } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import { AppConfig } from '../../config/configuration';

/** Fields that never reach a log line: credentials, tokens and one-time codes. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.password_confirmation',
  'req.body.current_password',
  'req.body.code',
  'req.body.otp',
  'res.headers["set-cookie"]',
];

export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.app.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Query strings may carry a phone search; the path alone is logged.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => !(req.url ?? '').startsWith('/api/') },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      transport: undefined,
    },
  };
}

/**
 * Nest's own start-up lines (modules loaded, every route mapped, "started") go out at debug
 * level: `LOG_LEVEL=debug` shows the route table, a normal start ends with the address and
 * the demo logins instead of 150 lines of it. Everything else passes through unchanged.
 */
const FRAMEWORK_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

export class QuietStartLogger implements LoggerService {
  constructor(private readonly inner: LoggerService) {}

  log(message: unknown, ...rest: unknown[]) {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context)) this.inner.debug?.(message, ...rest);
    else this.inner.log(message, ...rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.inner.error(message, ...rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.inner.warn(message, ...rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.inner.debug?.(message, ...rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.inner.verbose?.(message, ...rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    (this.inner.fatal ?? this.inner.error).call(this.inner, message, ...rest);
  }
}
