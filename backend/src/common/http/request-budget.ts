import { PayloadTooLargeException } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { finished, type Readable, type Writable } from 'node:stream';

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
 * header, before a byte of it is read (anonymousBody below). An anonymous multipart form
 * (the enquiry with its screenshot, a test ride) is held to a few short fields and one
 * picture: from its Content-Length when it sends one, and by multer's limits as its bytes
 * arrive (multipartLimits), so it is never buffered whole. A body refused before its end is
 * not read further: the answer goes out with `Connection: close` (refuseUnread,
 * multipartStream), where Node would otherwise read and drop the rest to keep the
 * connection, a stranger's 51 MB included.
 *
 * The counts are taken on the raw bytes, which is only sound for UTF-8, where `{`, `"`,
 * `\` and the other structural characters are single bytes that never occur inside another
 * character. JSON is UTF-8 (RFC 8259 section 8.1), so a JSON or form body that names any
 * other charset is refused 415 before it is read (utf8Bodies).
 */
/** One picture: the upload cap (config files.maxBytes). */
const PICTURE_BYTES = 5 * 1024 * 1024;
/** An anonymous multipart form's fields and framing (an enquiry's fields and captcha token are a few kB). */
const FORM_TEXT_BYTES = 64 * 1024;

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
  /** Files of one multipart form (the picker's upload takes 10 at once). */
  files: 10,
  /** Bytes of a multipart form sent without a valid staff token, from its Content-Length: one picture and its fields. */
  anonymousMultipartBytes: PICTURE_BYTES + FORM_TEXT_BYTES,
  /** Text fields of a multipart form sent without a valid staff token (the enquiry has 13, a test ride 11). */
  anonymousFields: 30,
  /** Bytes of one text field of a multipart form sent without a valid staff token (a captcha token is a few kB). */
  anonymousFieldBytes: 16 * 1024,
  /** Files of a multipart form sent without a valid staff token (the enquiry's one screenshot). */
  anonymousFiles: 1,
} as const;

export const BUDGET_MESSAGES = {
  bodyBytes: `The request is too large (at most ${BUDGET.bodyBytes / 1024 / 1024} MB).`,
  anonymousBodyBytes: `The request is too large (at most ${BUDGET.anonymousBodyBytes / 1024} KB without signing in).`,
  keysPerObject: `The request has too many fields in one object (at most ${BUDGET.keysPerObject}).`,
  totalKeys: `The request has too many fields (at most ${BUDGET.totalKeys}).`,
  arrayItems: `The request has a list that is too long (at most ${BUDGET.arrayItems} items).`,
  totalValues: `The request has too many values (at most ${BUDGET.totalValues}).`,
  depth: `The request is nested too deeply (at most ${BUDGET.depth} levels).`,
  files: `The request has too many files (at most ${BUDGET.files}).`,
  anonymousMultipartBytes: `The request is too large (at most one picture of ${PICTURE_BYTES / 1024 / 1024} MB and ${FORM_TEXT_BYTES / 1024} KB of fields without signing in).`,
  anonymousFields: `The request has too many fields (at most ${BUDGET.anonymousFields} without signing in).`,
  anonymousFieldBytes: `A field of the request is too long (at most ${BUDGET.anonymousFieldBytes / 1024} KB without signing in).`,
  anonymousFiles: `The request has too many files (at most ${BUDGET.anonymousFiles} without signing in).`,
} as const;

/** The answer to a JSON or form body in any charset but UTF-8. */
export const UNSUPPORTED_CHARSET = 'The request body must be UTF-8: send Content-Type application/json (or a form) with charset=utf-8, or without a charset.';

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

/** A JSON or form body that names a charset other than UTF-8: 415, before a byte of it is read. */
export class UnsupportedCharset extends Error {
  readonly status = 415;
  readonly expose = true;
  readonly type = 'request.charset';
  constructor() {
    super(UNSUPPORTED_CHARSET);
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
const MULTIPART = /^multipart\//i;
const UTF8 = /^utf-?8$/;
const BEARER = /^bearer +(\S+)$/i;

/** Every `charset` parameter of a Content-Type header, lower-cased ('' for one without a value). */
function charsetsOf(header: string): string[] {
  const found: string[] = [];
  for (const param of header.split(';').slice(1)) {
    const eq = param.indexOf('=');
    if ((eq < 0 ? param : param.slice(0, eq)).trim().toLowerCase() !== 'charset') continue;
    found.push(eq < 0 ? '' : param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1').trim().toLowerCase());
  }
  return found;
}

/**
 * Middleware: a JSON or form body is UTF-8 (RFC 8259 section 8.1). One whose Content-Type
 * names another charset (utf-16le, latin1, ...) is refused 415 before a byte of it is read:
 * the parsers would decode it, while the budget counts the raw bytes, so in UTF-16 every
 * `[` of a 3,000-deep body hid in a two-byte character and no cap held. `utf8` is taken as
 * UTF-8, written as its registered name for the parsers.
 */
export function utf8Bodies(req: Request, _res: Response, next: NextFunction) {
  const type = req.headers['content-type'];
  if (type && PARSED_BODY.test(type)) {
    const charsets = charsetsOf(type);
    if (charsets.length) {
      if (!charsets.every((c) => UTF8.test(c))) return next(new UnsupportedCharset());
      req.headers['content-type'] = `${type.split(';')[0].trim()}; charset=utf-8`;
    }
  }
  next();
}

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
 * Middleware: an anonymous JSON, form or multipart body over its cap is refused from its
 * declared length, before any of it is read. A body sent in chunks without a length is held
 * to the same caps as it arrives: JSON and forms by the parser (bodyParsers below),
 * multipart by multer's limits (multipartLimits below).
 */
export function anonymousBody(isStaff: (req: Request) => boolean) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const length = Number(req.headers['content-length'] ?? 0);
    const type = req.headers['content-type'] ?? '';
    const cap: BudgetCap | undefined = PARSED_BODY.test(type) ? 'anonymousBodyBytes' : MULTIPART.test(type) ? 'anonymousMultipartBytes' : undefined;
    if (cap && length > BUDGET[cap] && !isStaff(req)) return next(new BudgetExceeded(cap));
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
 * size cap, is answered 413 with the cap's one message; a body in another charset than
 * UTF-8, 415; anything else goes on to the app.
 */
export function budgetErrors(err: unknown, req: Request, res: Response, next: NextFunction) {
  const refuse = (status: number, message: string) => {
    refuseUnread(req, res);
    res.status(status).json({ message });
  };
  if (err instanceof BudgetExceeded) return refuse(413, err.message);
  if (err instanceof UnsupportedCharset || (err as { type?: string })?.type === 'charset.unsupported') return refuse(415, UNSUPPORTED_CHARSET);
  if ((err as { type?: string })?.type === 'entity.too.large') {
    const { limit } = err as { limit?: number };
    return refuse(413, BUDGET_MESSAGES[limit === BUDGET.anonymousBodyBytes ? 'anonymousBodyBytes' : 'bodyBytes']);
  }
  if ((err as { type?: string })?.type === 'parameters.too.many') return refuse(413, BUDGET_MESSAGES.totalKeys);
  next(err);
}

/**
 * Bytes of a refused body Node may still read and drop to keep the connection: a small one
 * costs less than the new connection a client needs after a close, and a client still
 * writing it when the connection closes may see the close instead of the answer (the bench
 * saw 4 in 4,528 refused UTF-16 bodies of a few kB answered so).
 */
const DRAINED_UP_TO = 64 * 1024;

/**
 * A refusal answered before a large request body has all arrived (over DRAINED_UP_TO, or
 * sent in chunks without a length) ends the connection after the answer: kept alive, Node
 * would read the rest of the body and drop it, so a refused 51 MB upload would still be read
 * whole (at the client's pace, holding a socket and parsing chunks on the main thread).
 *
 * The socket is destroyed as soon as the answer is handed to it. With `Connection: close`
 * alone, Node still resumes the request to drop its body and only ends the socket once its
 * own end is written, and multer drains a form it stopped reading: in those turns a client
 * sending as fast as loopback allows got another 120 KB of its refused body read, parsed and
 * dropped per connection (the bench's 51 MB multipart vector: 64 KB read when the answer went
 * out, 180 KB when the socket closed). Unread bytes are dropped by the kernel instead.
 */
export function refuseUnread(req: Request, res: Response): void {
  if (req.complete || res.headersSent) return;
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) <= DRAINED_UP_TO) return;
  res.setHeader('Connection', 'close');
  // After Node's own 'finish' handler (registered when the request came), which only ends the socket.
  res.once('finish', () => req.socket.destroy());
}

/** The code of a form whose text passed its cap (formText below), answered as multer's limit codes are. */
const FORM_TEXT_LIMIT = 'LIMIT_FORM_TEXT';

/** multer's limits for a staff multipart form, from the same budget (the file size is the upload cap, from the config). */
export const MULTIPART_LIMITS = {
  fields: BUDGET.keysPerObject,
  /** One text field: the largest is a rich text of 100,000 characters (up to 4 bytes each in UTF-8). */
  fieldSize: 512 * 1024,
  fieldNestingDepth: BUDGET.depth - 1,
  fieldArrayIndexLimit: BUDGET.arrayItems - 1,
  parts: BUDGET.keysPerObject + BUDGET.files,
  files: BUDGET.files,
} as const;

/** multer's limits for an anonymous multipart form: a few short fields and one picture. */
export const ANONYMOUS_MULTIPART_LIMITS = {
  fields: BUDGET.anonymousFields,
  fieldSize: BUDGET.anonymousFieldBytes,
  fieldNameSize: 100,
  fieldNestingDepth: BUDGET.depth - 1,
  fieldArrayIndexLimit: BUDGET.arrayItems - 1,
  parts: BUDGET.anonymousFields + BUDGET.anonymousFiles,
  files: BUDGET.anonymousFiles,
} as const;

/** multer's limit codes, answered as the budget's caps (413, one message). */
export const MULTER_LIMIT_MESSAGES: Record<string, string> = {
  LIMIT_FIELD_COUNT: BUDGET_MESSAGES.keysPerObject,
  LIMIT_PART_COUNT: BUDGET_MESSAGES.keysPerObject,
  LIMIT_FIELD_VALUE: BUDGET_MESSAGES.bodyBytes,
  LIMIT_FIELD_KEY: BUDGET_MESSAGES.bodyBytes,
  LIMIT_FIELD_NESTING: BUDGET_MESSAGES.depth,
  LIMIT_FIELD_ARRAY_INDEX: BUDGET_MESSAGES.arrayItems,
  LIMIT_FILE_COUNT: BUDGET_MESSAGES.files,
  [FORM_TEXT_LIMIT]: BUDGET_MESSAGES.bodyBytes,
};

/** The same codes for an anonymous form, answered with the anonymous caps. */
export const ANONYMOUS_MULTER_LIMIT_MESSAGES: Record<string, string> = {
  ...MULTER_LIMIT_MESSAGES,
  LIMIT_FIELD_COUNT: BUDGET_MESSAGES.anonymousFields,
  LIMIT_PART_COUNT: BUDGET_MESSAGES.anonymousFields,
  LIMIT_FIELD_VALUE: BUDGET_MESSAGES.anonymousFieldBytes,
  LIMIT_FIELD_KEY: BUDGET_MESSAGES.anonymousFieldBytes,
  LIMIT_FILE_COUNT: BUDGET_MESSAGES.anonymousFiles,
  [FORM_TEXT_LIMIT]: BUDGET_MESSAGES.anonymousMultipartBytes,
};

const ANONYMOUS_FORM = Symbol('multipart-read-with-anonymous-limits');
type FormRequest = Request & { [ANONYMOUS_FORM]?: boolean };
type MultipartLimits = { readonly [K in keyof typeof MULTIPART_LIMITS | keyof typeof ANONYMOUS_MULTIPART_LIMITS | 'fileSize']?: number };

/**
 * multer's `limits` as a function of the request (multer 2.4+), evaluated once per request
 * before the first byte is parsed: staff get the staff limits, anyone else the anonymous
 * ones, each with files of at most `fileSize` bytes. The choice is kept on the request, so
 * a refusal names the cap that was applied (multerLimitMessage).
 */
export function multipartLimits(isStaff: (req: Request) => boolean, fileSize: number) {
  const staff: MultipartLimits = { ...MULTIPART_LIMITS, fileSize };
  const anonymous: MultipartLimits = { ...ANONYMOUS_MULTIPART_LIMITS, fileSize };
  return (req: Request): MultipartLimits => {
    const isAnonymous = !isStaff(req);
    (req as FormRequest)[ANONYMOUS_FORM] = isAnonymous;
    return isAnonymous ? anonymous : staff;
  };
}

/**
 * Bytes a form's text may pass its cap by before it is refused: the bytes of a read that
 * arrive while no file is open count as text, and one read (64 KB from a socket) may hold the
 * end of the fields and the start of a picture.
 */
const FORM_TEXT_SLACK = 64 * 1024;

/**
 * multer's `streamHandler` (multer 2.5+): the request is piped to the form's parser as multer
 * does by default, and a form multer stops reading before its end (a limit passed, a file
 * refused, a malformed part) is answered at once and the connection closed after the answer.
 * multer itself reads a refused body to its end before it answers (it waits for the
 * request's 'end' when the request is still `readable`), which let a chunked 51 MB form be
 * read whole: marking the request done reading makes it answer with the error it has, and
 * `Connection: close` keeps Node from reading the rest.
 *
 * The form's text (its fields and the framing between parts) is also counted as it arrives
 * (formText): busboy tells a field's length only at the field's end, so a field over
 * fieldSize was read to its end before its 413, all 51 MB of a form sent in chunks as one
 * field.
 */
export function multipartStream(req: Request, parser: Writable): void {
  parser.once('unpipe', () => {
    if (req.readableEnded) return;
    refuseUnread(req, req.res!);
    (req as { readable: boolean }).readable = false;
  });
  formText(req, parser);
  req.pipe(parser);
}

/**
 * Holds a form's text to the body cap of whoever sends it, as its bytes arrive: the anonymous
 * form's 64 KB of fields (FORM_TEXT_BYTES), staff's 1 MB (`bodyBytes`, as a JSON body),
 * each with FORM_TEXT_SLACK. Pictures are not counted: bytes that arrive while a file part is
 * open are the file's, held to the file cap by multer. Over the cap, the parser stops with
 * 413 and the cap's message.
 */
function formText(req: Request, parser: Writable): void {
  const anonymous = readAsAnonymous(req);
  const cap = (anonymous ? FORM_TEXT_BYTES : BUDGET.bodyBytes) + FORM_TEXT_SLACK;
  let openFiles = 0;
  let text = 0;
  parser.on('file', (_field: string, file: Readable) => {
    openFiles++;
    finished(file, () => openFiles--);
  });
  const count = (chunk: Buffer) => {
    if (openFiles) return;
    text += chunk.length;
    if (text <= cap) return;
    req.off('data', count);
    req.unpipe(parser);
    parser.destroy(new PayloadTooLargeException(FORM_TEXT_LIMIT, { cause: { code: FORM_TEXT_LIMIT } }));
  };
  req.on('data', count);
  // Counting ends with the form: at its end, or when the parser stops (what multer drains after it is not the form's).
  req.once('end', () => req.off('data', count));
  finished(parser, () => req.off('data', count));
}

/** Whether multer read `req`'s form with the anonymous limits (set by multipartLimits as the form starts). */
export function readAsAnonymous(req: Request): boolean {
  return (req as FormRequest)[ANONYMOUS_FORM] === true;
}

/** The budget's message for a multer limit code (undefined for any other error), by the limits the request was read with. */
export function multerLimitMessage(code: string | undefined, req: Request | undefined): string | undefined {
  if (!code) return undefined;
  const anonymous = !!req && readAsAnonymous(req);
  return (anonymous ? ANONYMOUS_MULTER_LIMIT_MESSAGES : MULTER_LIMIT_MESSAGES)[code];
}
