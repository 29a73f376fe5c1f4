import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { publicLang, translateBody } from '../i18n/public-messages';
import { QueryFailedError } from 'typeorm';
import { TooManyRequestsError } from './errors';
import { multerLimitMessage } from './request-budget';

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

/**
 * Maps every error to the API's shapes (docs/api.md, "Conventions"): `{ message }` for 401/403/404/409/429,
 * `{ message, errors }` for 422, 503 when the database is unreachable, and a bare
 * 500 that never leaks internals.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    // A public caller reads the words in their language (common/i18n/public-messages.ts).
    const lang = publicLang(host.switchToHttp().getRequest<Request>());
    const send = (status: number, body: object) => res.status(status).json(translateBody(body, lang));
    if (res.headersSent) {
      // A stream (a download) failed after its first bytes: end it, so the client sees a failed
      // download at once instead of waiting on an answer that never completes.
      this.logger.warn(`answer cut off after it started: ${exception instanceof Error ? exception.message : String(exception)}`);
      if (!res.writableEnded) res.destroy();
      return;
    }
    // multer's field limits are the request budget's caps for multipart forms (staff's or the anonymous ones, as the form was read).
    const multerCap = multerLimitMessage((exception as { cause?: { code?: string } })?.cause?.code, host.switchToHttp().getRequest<Request>());
    if (exception instanceof HttpException && multerCap) {
      send(HttpStatus.PAYLOAD_TOO_LARGE, { message: multerCap });
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      if (exception instanceof TooManyRequestsError && exception.retryAfterSeconds) {
        res.setHeader('Retry-After', String(exception.retryAfterSeconds));
      }
      send(status, normalise(body, status));
      return;
    }
    if (isStatementTimeout(exception)) {
      // The statement ran past the app's statement_timeout (database/data-source.ts): PostgreSQL ended it (and rolled back its transaction).
      this.logger.warn(`statement timeout: ${(exception as Error).message}`);
      res.setHeader('Retry-After', '5');
      send(HttpStatus.SERVICE_UNAVAILABLE, { message: STATEMENT_TIMEOUT_MESSAGE });
      return;
    }
    if (isDatabaseDown(exception)) {
      this.logger.warn(`database unavailable: ${(exception as Error).message}`);
      res.setHeader('Retry-After', '5');
      send(HttpStatus.SERVICE_UNAVAILABLE, { message: 'The service is temporarily unavailable. Please try again shortly.' });
      return;
    }
    if (exception instanceof QueryFailedError && (exception as { driverError?: { code?: string } }).driverError?.code === '22P02') {
      send(HttpStatus.NOT_FOUND, { message: 'Not found.' });
      return;
    }
    // A required column left empty by a write (an optional form field sent as null): the
    // transaction rolled back; the field is named as validation would name it.
    const column = notNullColumn(exception);
    if (column) {
      this.logger.warn(`NOT NULL refused ${column}`);
      const message = `The ${column.replace(/_/g, ' ')} field is required.`;
      send(HttpStatus.UNPROCESSABLE_ENTITY, { message, errors: { [column]: [message] } });
      return;
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    send(HttpStatus.INTERNAL_SERVER_ERROR, { message: 'Server Error' });
  }
}

function normalise(body: string | object, status: number): object {
  if (typeof body === 'string') return { message: body };
  const b = body as { message?: unknown; errors?: unknown; error?: unknown; step_up?: unknown };
  let message = b.message;
  if (Array.isArray(message)) message = message[0];
  if (typeof message !== 'string') message = HttpStatus[status] ?? 'Error';
  if (status === HttpStatus.PAYLOAD_TOO_LARGE) message = 'The file is too large.';
  // A sign-in's second step ('sms', 'captcha'): the login form shows what it asks for (modules/auth).
  if (typeof b.step_up === 'string') return { message, step_up: b.step_up };
  return b.errors ? { message, errors: b.errors } : { message };
}

/** The column of a NOT NULL violation (23502), if that is what failed. */
function notNullColumn(e: unknown): string | undefined {
  if (!(e instanceof QueryFailedError)) return undefined;
  const d = (e as { driverError?: { code?: string; column?: string } }).driverError;
  return d?.code === '23502' && d.column ? d.column : undefined;
}

/** The answer to a statement PostgreSQL ended at the statement timeout. */
export const STATEMENT_TIMEOUT_MESSAGE =
  'This request took too long and was stopped. Narrow the filters or the search, or try again in a moment.';

/** SQLSTATE 57014 (query_canceled): here, a statement past the app's statement_timeout (the app never cancels otherwise). */
export function isStatementTimeout(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const err = e as { code?: string; driverError?: { code?: string } };
  return (err.driverError?.code ?? err.code) === '57014';
}

export function isDatabaseDown(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const err = e as { code?: string; driverError?: { code?: string }; message?: string; name?: string };
  const code = err.driverError?.code ?? err.code;
  if (code && DB_DOWN_CODES.has(code)) return true;
  // TypeORM releases a transaction's query runner when its connection dies mid-transaction;
  // the next statement (often the COMMIT) then fails with one of these: the database went away.
  if (err.name === 'QueryRunnerAlreadyReleasedError' || err.name === 'QueryRunnerProviderAlreadyReleasedError') return true;
  const msg = err.message ?? '';
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/i.test(msg);
}
