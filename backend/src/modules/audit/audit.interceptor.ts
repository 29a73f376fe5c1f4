import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, mergeMap, Observable } from 'rxjs';
import { AuthUser } from '../../common/auth/auth-user';
import { AUDIT_EXPORT_KEY } from './audit.decorator';
import { AuditLogRepository } from '../../repositories/audit-log.repository';
import { isReadMethod } from '../../common/http/read-method';

/** Body fields whose values never reach the trail (their names do). */
const SECRET_FIELDS = /password|token|code|otp|captcha|secret/i;
/**
 * A customer's personal fields on the routes that write customers: the trail says they
 * were sent, not what they held, because it is append-only and a customer's erasure (or
 * the retention purge) must leave no copy of them behind.
 */
const CUSTOMER_RESOURCES = new Set(['preregistration', 'registration', 'test-ride', 'enquiry', 'sms']);
const PERSONAL_FIELDS = /^(name|phone|mobiles|email|address|citizenship_no|pan|engine_no|chasis_no|registration_no|note)$/;

/**
 * Records every successful staff write (any request but a read, GET or HEAD, by a signed-in user) and every
 * export marked @AuditExport: who, when, what, which record and the fields sent.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly reflector: Reflector,
    private readonly trail: AuditLogRepository,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const isExport = this.reflector.get<boolean>(AUDIT_EXPORT_KEY, context.getHandler());
    if (!req.user || (isReadMethod(req.method) && !isExport)) return next.handle();
    if (req.path === '/api/v1/auth/login' || req.path === '/api/v1/auth/me') return next.handle();
    // Written before the answer leaves, so a client that sees success can find the entry.
    return next.handle().pipe(
      mergeMap((value) => {
        const res = context.switchToHttp().getResponse<Response>();
        return from(
          this.record(req, res.statusCode, isExport ? 'export' : undefined, value)
            .catch((e) => this.logger.error(`audit write failed: ${e.message}`))
            .then(() => value),
        );
      }),
    );
  }

  private async record(req: Request & { user?: AuthUser }, status: number, kind?: string, answer?: unknown) {
    const user = req.user!;
    const route = (req.route?.path as string | undefined) ?? req.path;
    const resource = route.replace(/^\/api\/v1\//, '').split('/')[0];
    const fields: Record<string, unknown> = {};
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const customer = CUSTOMER_RESOURCES.has(resource);
    for (const [k, v] of Object.entries(body)) {
      fields[k] = SECRET_FIELDS.test(k) ? '[redacted]' : customer && PERSONAL_FIELDS.test(k) ? '[personal]' : summarise(v);
    }
    const files = (req as unknown as { files?: Array<{ fieldname: string; originalname: string }> }).files;
    if (Array.isArray(files)) for (const f of files) fields[f.fieldname] = `[file ${f.originalname}]`;
    if (kind === 'export') Object.assign(fields, { query: customer ? withoutPersonal(req.query) : summarise(req.query) });
    await this.trail.append({
      user_id: user.id,
      user_email: user.email,
      branch_id: user.branch_id,
      action: `${req.method} ${route}`,
      resource,
      record_key: ((req.params?.id ?? req.params?.slug) as string | undefined) ?? (kind === 'export' ? null : answeredKey(answer)),
      fields,
      status,
      ip: req.ip ?? null,
    });
  }
}

/**
 * The record a write answered with (`{ data: { slug | id } }`), for a route whose address names
 * none: a create's address has no key, the new record's key only exists once the insert has
 * run, and the answer carries it. The slug where the record has one, as an update's address
 * does (so a create and its later edits share one key); otherwise its id. Lists and answers
 * without a record give none.
 */
function answeredKey(answer: unknown): string | null {
  const data = answer && typeof answer === 'object' ? (answer as { data?: unknown }).data : undefined;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const { slug, id } = data as { slug?: unknown; id?: unknown };
  const key = slug || id;
  return (typeof key === 'string' && key) || typeof key === 'number' ? String(key) : null;
}

/**
 * A customer download's query as the trail keeps it: which filters and search were applied,
 * but a person's name or phone typed into the search or a filter is written '[personal]',
 * so an erasure leaves no copy of it behind in the trail.
 */
function withoutPersonal(query: unknown): unknown {
  const kept = summarise(query);
  if (!kept || typeof kept !== 'object' || Array.isArray(kept)) return kept;
  return Object.fromEntries(
    Object.entries(kept).map(([k, v]) => [k, (k === 'search' || PERSONAL_FIELDS.test(k)) && v !== '' && v !== undefined ? '[personal]' : v]),
  );
}

function summarise(v: unknown): unknown {
  if (typeof v === 'string') return v.length > 500 ? `${v.slice(0, 500)}…` : v;
  if (Array.isArray(v)) return v.length > 50 ? [...v.slice(0, 50).map(summarise), `…${v.length - 50} more`] : v.map(summarise);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).slice(0, 50).map(([k, x]) => [k, SECRET_FIELDS.test(k) ? '[redacted]' : summarise(x)]));
  return v;
}
