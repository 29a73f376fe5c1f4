import { DynamicModule, Inject, LoggerService, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import type { RequestHandler } from 'express';
import type { Level, Logger as Pino } from 'pino';
import { pinoHttp, type Options } from 'pino-http';
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

/** One JSON line per API request (method, path, status, time) and pino's options for every other line. */
export function loggerOptions(config: AppConfig): Options {
  return {
    level: config.app.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Query strings may carry a phone search; the path alone is logged.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => !(req.url ?? '').startsWith('/api/') },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
  };
}

/**
 * Nest's logger on pino, so the framework's lines and ours share the request lines' format:
 * `{"level":30,...,"context":"RoutesResolver","msg":"..."}`; an Error goes under `err`.
 */
export class AppLogger implements LoggerService {
  constructor(readonly pino: Pino) {}

  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]) {
    // Nest passes the context (the class that logs) last.
    const fields: Record<string, unknown> = {};
    const rest = params.length ? params.slice(0, -1) : [];
    if (params.length) fields.context = params[params.length - 1];
    if (message instanceof Error) {
      fields.err = message;
      this.pino[level](fields);
    } else if (typeof message === 'object' && message !== null) {
      this.pino[level]({ ...fields, ...message });
    } else if (level === 'error' && rest.length === 1 && typeof rest[0] === 'string' && /\n\s*at /.test(rest[0])) {
      // Nest's exception handlers call error(message, stack, context).
      const err = new Error(String(message));
      err.stack = rest[0];
      this.pino.error({ ...fields, err });
    } else {
      this.pino[level](fields, String(message), ...rest);
    }
  }
}

const HTTP_LOGGER = Symbol('HTTP_LOGGER');

/** The request logger (pino-http) on every API route and the `AppLogger` the app logs through. */
@Module({})
export class LoggingModule implements NestModule {
  static forRoot(config: AppConfig): DynamicModule {
    const http = pinoHttp(loggerOptions(config));
    return {
      module: LoggingModule,
      global: true,
      providers: [
        { provide: HTTP_LOGGER, useValue: http },
        { provide: AppLogger, useValue: new AppLogger(http.logger) },
      ],
      exports: [AppLogger],
    };
  }

  constructor(@Inject(HTTP_LOGGER) private readonly http: RequestHandler) {}

  configure(consumer: MiddlewareConsumer) {
    // `{/*splat}` (no leading slash) also matches the prefix root itself under the global prefix.
    consumer.apply(this.http).forRoutes({ path: '{/*splat}', method: RequestMethod.ALL });
  }
}
