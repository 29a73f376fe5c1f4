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
