import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * The cost budget of one request, checked before any work is done on it.
 *
 * Node serves every request from one thread, so a request whose body or query string is
 * cheap to send but expensive to handle (110,000 unknown keys that the validator lists one
 * by one, JSON nested 3,000 deep that overflows the stack of every recursive reader) holds
 * everyone else up. The caps sit just above the largest honest request:
 * - the bulk SMS form: one list of up to 10,000 customer ids (SMS_MOBILES_MAX), or 10,000
 *   typed numbers in one string of 250,000 characters;
 * - the settings form: about 25 fields, three rich texts of up to 100,000 characters,
 *   a list of social links (3 levels: body, list, link);
 * - a table's query string: 6 parameters per column (`columns[i][search][value]`, 3
 *   levels), ordering and filters, well under 300 parameters for the widest table.
 * Over a cap the request is answered 413 with the cap's one message, before it is parsed
 * into objects (JSON and form bodies, query strings) or, for multipart, by multer's own
 * limits (file.module.ts) set from the same numbers.
 *
 * The large caps are for staff. Every form an anonymous visitor sends (sign-in, enquiry,
 * code, test ride) is a few hundred bytes with a captcha token of at most a few kB, so an
 * anonymous JSON or form body is capped far lower and refused from its Content-Length
 * header, before a byte of it is read (anonymousBody below).
 */
export const BUDGET = {
  /** Bytes of a JSON or form body (files go through multipart, capped per file). */
  bodyBytes: 1024 * 1024,
  /** Bytes of a JSON or form body sent without a valid staff token. */
  anonymousBodyBytes: 32 * 1024,
  /** Fields of one object. */
  keysPerObject: 100,
  /** Fields in the whole request (every object's keys, or a query string's parameters). */
  totalKeys: 1000,
  /** Items of one list, and the highest index a query string may name (`order[9999]`). */
  arrayItems: 10_000,
  /** Values in the whole request (fields and list items together). */
  totalValues: 20_000,
  /** Levels of nesting (`{ "a": [ { ... } ] }` is 3). */
  depth: 8,
} as const;

export const BUDGET_MESSAGES = {
  bodyBytes: `The request is too large (at most ${BUDGET.bodyBytes / 1024 / 1024} MB).`,
  anonymousBodyBytes: `The request is too large (at most ${BUDGET.anonymousBodyBytes / 1024} KB without signing in).`,
  keysPerObject: `The request has too many fields in one object (at most ${BUDGET.keysPerObject}).`,
  totalKeys: `The request has too many fields (at most ${BUDGET.totalKeys}).`,
  arrayItems: `The request has a list that is too long (at most ${BUDGET.arrayItems} items).`,
  totalValues: `The request has too many values (at most ${BUDGET.totalValues}).`,
  depth: `The request is nested too deeply (at most ${BUDGET.depth} levels).`,
} as const;

export type BudgetCap = keyof typeof BUDGET;

/** A request over one of the caps: 413 with the cap's message. */
export class BudgetExceeded extends Error {
  readonly status = 413;
  readonly expose = true;
  readonly type = 'request.budget';
  constructor(readonly cap: BudgetCap) {
    super(BUDGET_MESSAGES[cap]);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * Counts the structure of a JSON text in one pass over its bytes, without building it:
 * depth, keys per object (each `:` outside a string), items per array (commas, plus one
 * for a non-empty array), and their totals. Throws BudgetExceeded at the first cap passed.
 * Malformed JSON is left to JSON.parse to refuse.
 */
export function checkJsonBudget(buf: Buffer): void {
  // Per open container: is it an array, and how many entries it has so far.
  const isArray: boolean[] = [];
  const counts: number[] = [];
  let inString = false;
  let totalKeys = 0;
  let totalValues = 0;
  let emptyArray = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (SPACE.has(c)) continue;
    const top = counts.length - 1;
    if (emptyArray && c !== CLOSE_ARRAY) {
      // The first item of an array that was empty until now.
      counts[top] = 1;
      if (++totalValues > BUDGET.totalValues) throw new BudgetExceeded('totalValues');
    }
    emptyArray = false;
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (counts.length >= BUDGET.depth) throw new BudgetExceeded('depth');
      isArray.push(c === OPEN_ARRAY);
      counts.push(0);
      emptyArray = c === OPEN_ARRAY;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      isArray.pop();
      counts.pop();
    } else if (top >= 0 && c === COLON && !isArray[top]) {
      if (++counts[top] > BUDGET.keysPerObject) throw new BudgetExceeded('keysPerObject');
      if (++totalKeys > BUDGET.totalKeys) throw new BudgetExceeded('totalKeys');
      if (++totalValues > BUDGET.totalValues) throw new BudgetExceeded('totalValues');
    } else if (top >= 0 && c === COMMA && isArray[top]) {
      if (++counts[top] > BUDGET.arrayItems) throw new BudgetExceeded('arrayItems');
      if (++totalValues > BUDGET.totalValues) throw new BudgetExceeded('totalValues');
    }
  }
}

/**
 * The same caps for a query string or a form body (`a[b][0]=x&...`), read from its text
 * before it is parsed: parameters (total keys), brackets per name (depth), the highest
 * numeric index a name carries (list length). A query string's length is capped by Node
 * itself: a request line over 16 kB is answered 431 before the app sees it.
 */
export function checkFormBudget(text: string): void {
  if (!text) return;
  let params = 0;
  for (const part of text.split('&', BUDGET.totalKeys + 2)) {
    if (!part) continue;
    if (++params > BUDGET.totalKeys) throw new BudgetExceeded('totalKeys');
    const eq = part.indexOf('=');
    let name = eq < 0 ? part : part.slice(0, eq);
    if (name.includes('%')) {
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // Left as sent: the parser reads a bad escape as plain text.
      }
    }
    let depth = 0;
    for (const m of name.matchAll(/\[([^\]]*)\]/g)) {
      if (++depth >= BUDGET.depth) throw new BudgetExceeded('depth');
      if (/^\d+$/.test(m[1]) && (m[1].length > 6 || Number(m[1]) >= BUDGET.arrayItems)) throw new BudgetExceeded('arrayItems');
    }
  }
}

/** The query string's part of a URL, or ''. */
const queryOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? '' : url.slice(q + 1);
};

/** Middleware: refuses a query string over the budget before anything reads req.query. */
export function queryBudget(req: Request, _res: Response, next: NextFunction) {
  try {
    checkFormBudget(queryOf(req.url));
    next();
  } catch (e) {
    next(e);
  }
}

const PARSED_BODY = /^application\/(json|x-www-form-urlencoded)\b/i;
const BEARER = /^bearer +(\S+)$/i;
const STAFF = Symbol('request-signed-by-staff');
type MarkedRequest = Request & { [STAFF]?: boolean };

/**
 * Whether a request carries a token this server signed (its signature and expiry checked;
 * whether the user still exists and the token is not revoked is the guard's job later).
 * Only the body's size cap depends on it, so a revoked token gains nothing but the staff
 * caps, all of which still hold. Remembered on the request: the check is one HMAC.
 */
export function signedByStaff(verify: (token: string) => unknown) {
  return (req: Request): boolean => {
    const r = req as MarkedRequest;
    if (r[STAFF] === undefined) {
      const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
      let ok = false;
      if (token) {
        try {
          verify(token);
          ok = true;
        } catch {
          ok = false;
        }
      }
      r[STAFF] = ok;
    }
    return r[STAFF];
  };
}

/**
 * Middleware: an anonymous JSON or form body over its cap is refused from its declared
 * length, before any of it is read. A body sent in chunks without a length is held to the
 * same cap by the parser (bodyParsers below).
 */
export function anonymousBody(isStaff: (req: Request) => boolean) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > BUDGET.anonymousBodyBytes && PARSED_BODY.test(req.headers['content-type'] ?? '') && !isStaff(req)) {
      return next(new BudgetExceeded('anonymousBodyBytes'));
    }
    next();
  };
}

/**
 * The JSON and form parsers, each in a staff and an anonymous size, every one measuring the
 * structure before it parses (verify hooks). The request's token picks the size.
 */
export function bodyParsers(isStaff: (req: Request) => boolean) {
  const parsers = (limit: number) => [
    express.json({ limit, verify: verifyJsonBudget }),
    express.urlencoded({ extended: true, limit, parameterLimit: BUDGET.totalKeys, verify: verifyFormBudget }),
  ];
  const staff = parsers(BUDGET.bodyBytes);
  const anonymous = parsers(BUDGET.anonymousBodyBytes);
  return [0, 1].map((i) => (req: Request, res: Response, next: NextFunction) => (isStaff(req) ? staff : anonymous)[i](req, res, next));
}

/** body-parser's `verify` hook: runs on the raw bytes before they are parsed. */
export function verifyJsonBudget(_req: Request, _res: Response, buf: Buffer) {
  checkJsonBudget(buf);
}
export function verifyFormBudget(_req: Request, _res: Response, buf: Buffer) {
  checkFormBudget(buf.toString('latin1'));
}

/**
 * Error middleware right after the parsers: a request over the budget, or a body over the
 * size cap, is answered 413 with the cap's one message; anything else goes on to the app.
 */
export function budgetErrors(err: unknown, _req: Request, res: Response, next: NextFunction) {
  if (err instanceof BudgetExceeded) return void res.status(413).json({ message: err.message });
  if ((err as { type?: string })?.type === 'entity.too.large') {
    const { limit } = err as { limit?: number };
    return void res.status(413).json({ message: BUDGET_MESSAGES[limit === BUDGET.anonymousBodyBytes ? 'anonymousBodyBytes' : 'bodyBytes'] });
  }
  if ((err as { type?: string })?.type === 'parameters.too.many') return void res.status(413).json({ message: BUDGET_MESSAGES.totalKeys });
  next(err);
}

/** multer's limits for every multipart route, from the same budget. */
export const MULTIPART_LIMITS = {
  fields: BUDGET.keysPerObject,
  /** One text field: the largest is a rich text of 100,000 characters (up to 4 bytes each in UTF-8). */
  fieldSize: 512 * 1024,
  fieldNestingDepth: BUDGET.depth - 1,
  fieldArrayIndexLimit: BUDGET.arrayItems - 1,
  parts: BUDGET.keysPerObject + 10,
} as const;

/** multer's limit codes, answered as the budget's caps (413, one message). */
export const MULTER_LIMIT_MESSAGES: Record<string, string> = {
  LIMIT_FIELD_COUNT: BUDGET_MESSAGES.keysPerObject,
  LIMIT_PART_COUNT: BUDGET_MESSAGES.keysPerObject,
  LIMIT_FIELD_VALUE: BUDGET_MESSAGES.bodyBytes,
  LIMIT_FIELD_KEY: BUDGET_MESSAGES.bodyBytes,
  LIMIT_FIELD_NESTING: BUDGET_MESSAGES.depth,
  LIMIT_FIELD_ARRAY_INDEX: BUDGET_MESSAGES.arrayItems,
};
