import { ArgumentMetadata, CallHandler, ExecutionContext, Injectable, NestInterceptor, NotFoundException, PipeTransform } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Observable } from 'rxjs';
import { FieldErrors, UnprocessableError } from './errors';

/** Every integer column of the schema is a PostgreSQL int (4 bytes). */
export const MAX_INT = 2_147_483_647;

/**
 * The last check on what a request carries, after validation (global, runs after the
 * ValidationPipe on every body, query and path parameter). PostgreSQL refuses two things
 * no DTO rule catches, and a refusal there is a 500:
 * - a NUL character (U+0000) in any text: 422 under the field (404 in a path);
 * - an integer past the int column's range (2^31 - 1) in a body, and an all-digit path
 *   id past it (the services read all-digit paths as ids): 422 / 404.
 */
@Injectable()
export class SafeInputPipe implements PipeTransform {
  transform(value: unknown, meta: ArgumentMetadata): unknown {
    if (meta.type === 'custom') return value;
    if (meta.type === 'param') {
      if (typeof value === 'string' && (value.includes('\u0000') || (/^\d+$/.test(value) && Number(value) > MAX_INT))) {
        throw new NotFoundException('Not found.');
      }
      return value;
    }
    const errors: FieldErrors = {};
    walk(value, meta.data ?? '', errors, meta.type === 'body', 0);
    if (Object.keys(errors).length) throw new UnprocessableError(errors);
    return value;
  }
}

function walk(v: unknown, path: string, errors: FieldErrors, checkNumbers: boolean, depth: number) {
  if (depth > 20 || Object.keys(errors).length >= 20) return;
  const field = path || 'body';
  if (typeof v === 'string') {
    if (v.includes('\u0000')) errors[field] = [`The ${label(field)} contains a character that is not allowed.`];
    return;
  }
  if (typeof v === 'number') {
    if (checkNumbers && Number.isInteger(v) && Math.abs(v) > MAX_INT) errors[field] = [`The ${label(field)} is out of range.`];
    return;
  }
  if (v && typeof v === 'object' && !Buffer.isBuffer(v) && !(v instanceof Date)) {
    for (const [k, x] of Object.entries(v)) {
      const key = path ? `${path}.${k}` : k;
      if (k.includes('\u0000')) errors[field] = [`The ${label(field)} contains a character that is not allowed.`];
      else walk(x, key, errors, checkNumbers, depth + 1);
    }
  }
}

const label = (field: string) => field.replace(/_/g, ' ');

/**
 * A route that reads no body refuses one that carries fields (422 naming them), the way
 * the validation whitelist refuses unknown fields of a form: a tampered request to
 * `POST /enquiry/{slug}/resend` with `{ "is_verified": true }` is answered as such, not
 * silently accepted. An empty body (`{}`) passes.
 */
@Injectable()
export class BodylessRouteInterceptor implements NestInterceptor {
  private readonly readsBody = new WeakMap<object, boolean>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<{ body?: unknown }>();
    const body = req.body;
    if (body && typeof body === 'object' && Object.keys(body).length && !this.handlerReadsBody(context)) {
      const errors: FieldErrors = {};
      for (const k of Object.keys(body).slice(0, 20)) errors[k] = [`The ${k} field is not allowed.`];
      throw new UnprocessableError(errors);
    }
    return next.handle();
  }

  /**
   * Whether the handler has a @Body() or @Req() parameter. Custom parameter decorators
   * (@CurrentUser) do not count: the one that reads the body (@Captcha) sits beside a @Body().
   */
  private handlerReadsBody(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    const known = this.readsBody.get(handler);
    if (known !== undefined) return known;
    const args: Record<string, unknown> = Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {};
    const reads = Object.keys(args).some((key) => {
      const [type] = key.split(':');
      return type === String(RouteParamtypes.BODY) || type === String(RouteParamtypes.REQUEST) || type === String(RouteParamtypes.RAW_BODY);
    });
    this.readsBody.set(handler, reads);
    return reads;
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * JSON may carry a lone UTF-16 surrogate ("\ud800"), which is not text: validators that
 * URI-encode their input (isEmail, isURL) throw on it, a 500. Runs right after the body
 * parser and replaces each lone surrogate with U+FFFD, so the field's own rule answers 422.
 */
export function wellFormedText(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return LONE_SURROGATE.test(v) ? v.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD') : v;
  if (depth > 20 || !v || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => wellFormedText(x, depth + 1));
  for (const [k, x] of Object.entries(v)) (v as Record<string, unknown>)[k] = wellFormedText(x, depth + 1);
  return v;
}
