/**
 * The hostile vectors of issue #32, as requests: what `vector-attacker.ts` sends (in its own
 * process) while `hostile-vectors.ts` measures health and the owner's sign-in beside them.
 * Every request goes to the app on 127.0.0.1 (the strangers' vector binds other loopback
 * addresses, 127.0.0.2-251, or names an IPv6 /64 in X-Forwarded-For, which the bench's app
 * trusts from loopback only). Each request carries the answer it must get.
 */

/** What the bench knows of its dataset and hands to the attacker (as JSON). */
export interface VectorContext {
  /** http://127.0.0.1:<port> */
  app: string;
  tokens: { admin: string; office: string; staff: string };
  /** A pending record's slug (its verify and resend routes take a JSON body). */
  slug: string;
  model: number;
  branch: number;
  /** `length=-1` requests: the path, whose token, and the answer the rows they match call for (422 over 10,000). */
  allRows: Array<{ path: string; who: 'admin' | 'office' | 'staff'; expect: number }>;
  /** The slow search one branch-staff user sends 30 of at once. */
  searchPath: string;
  ownerEmail: string;
  /** Differs between runs: the Host names and phones of a run are new to its app. */
  tag: string;
  /** Failed sign-ins a second, from all the strangers together. */
  strangersPerSecond: number;
}

export interface Shot {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Sent without Content-Length (Transfer-Encoding: chunked): held to the caps as it arrives. */
  chunked?: boolean;
  /** The loopback address the connection comes from. */
  localAddress?: string;
  /** The answer this request must get (or one of `alsoOk`). */
  expect: number;
  alsoOk?: number[];
  /** Which of the vector's kinds of request this is, when it has several (its figures are also given apart). */
  kind?: string;
  /** ... and a text its body must hold. */
  bodyHas?: string;
  /** The server closing the connection before any answer (a reset while the body is still being sent) also counts as refusing it. */
  orClosed?: boolean;
}

export interface Lane {
  /** The i-th request of the lane. */
  shot(i: number): Shot;
  /** Sent at this rate (a second), without waiting for answers; else one after another. */
  perSecond?: number;
  /** With `perSecond`: this many sent at once first. */
  burst?: number;
}

/** The vectors in the order they run, with what the row says of them. */
export const VECTORS = [
  {
    name: 'utf16',
    title: 'UTF-16 JSON bodies on write routes',
    how: 'one connection, back to back: charset=utf-16le with U+4122 and 3,000-deep nesting without a token (7 public write routes and 5 staff ones), and 60,000 fields (0.9 MB) with the Super Admin token (5 staff write routes)',
    expectText: '415 (or the connection closed, for the 0.9 MB bodies)',
  },
  {
    name: 'multipart51',
    title: '51 MB multipart bodies (100 fields of 500 KB)',
    how: '12 at once on /enquiry and /test-ride, half with Content-Length, half chunked',
    expectText: '413 (or the connection closed)',
  },
  {
    name: 'images40mp',
    title: '40-megapixel JPEGs on the public enquiry',
    how: '4 at once, a 7800 x 5200 JPEG each with valid fields and a new phone',
    expectText: '422 (megapixels), or the connection closed',
  },
  {
    name: 'allrows',
    title: '`length=-1` on pre-registrations, registrations, test rides',
    how: '3 at once (Super Admin, head office, branch staff), each over the three tables',
    expectText: '422 over 10,000 rows, else 200',
  },
  {
    name: 'searches30',
    title: '30 slow searches at once from one branch-staff user',
    how: '30 connections, one token, each sending its next search on its answer',
    expectText: '200 (one search of a user runs at a time, the rest wait their turn; 429 after 15 s of waiting)',
  },
  {
    name: 'hosts',
    title: 'GET / with a new Host header each',
    how: 'one connection, back to back, never the same Host twice',
    expectText: '200',
  },
  {
    name: 'strangers',
    title: "strangers' failed sign-ins to the owner's account",
    how: 'the Super Admin with wrong passwords, each from another address (127.0.0.2-251, or an IPv6 /64 of its own in X-Forwarded-For): 12 at once (the account allows untrusted browsers 10 failures an hour), then a steady rate',
    expectText: '401',
  },
] as const;

export type VectorName = (typeof VECTORS)[number]['name'];

/** The bodies that take time or memory to make: built once, in the attacker's process. */
export interface Bodies {
  multipart51: Buffer;
  multipartBoundary: string;
  jpeg40mp: Buffer;
}

const JPEG_SIZE = { width: 7800, height: 5200 };

/** A 40.6 MP photo-like JPEG of 4-5 MB (under the 5 MB upload cap, so only its pixels refuse it): noise tiles, about 0.5 s. */
export async function makeJpeg40mp(): Promise<Buffer> {
  // Loaded here: only the attacker's process makes pictures.
  const { default: sharp } = await import('sharp');
  const { width: w, height: h } = JPEG_SIZE;
  const [tw, th] = [1300, 1040];
  const tile = Buffer.alloc(tw * th * 3);
  let seed = 0x2082;
  for (let i = 0; i < tile.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    tile[i] = 100 + ((seed >>> 16) & 31);
  }
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    const src = (y % th) * tw * 3;
    for (let x = 0; x < w; x += tw) tile.copy(raw, (y * w + x) * 3, src, src + Math.min(tw, w - x) * 3);
  }
  for (const quality of [80, 76, 72, 68, 60]) {
    const jpeg = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length < 4.9 * 2 ** 20) return jpeg;
  }
  throw new Error('could not make a 40 MP JPEG under 4.9 MB');
}

export async function makeBodies(): Promise<Bodies> {
  const boundary = 'bench51mb';
  const field = 500 * 1024;
  const parts: Buffer[] = [];
  for (let i = 0; i < 100; i++) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n`));
    parts.push(Buffer.alloc(field, 0x61));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { multipart51: Buffer.concat(parts), multipartBoundary: boundary, jpeg40mp: await makeJpeg40mp() };
}

const utf16 = (text: string) => Buffer.from(text, 'utf16le');
const UTF16_JSON = 'application/json; charset=utf-16le';

/** The lanes of one vector (the attacker's side). */
export function lanesFor(name: VectorName, ctx: VectorContext, bodies: Bodies): Lane[] {
  const bearer = (who: keyof VectorContext['tokens']) => ({ authorization: `Bearer ${ctx.tokens[who]}` });
  switch (name) {
    case 'utf16': {
      // One character outside ASCII (U+4122, as in the issue) and 3,000 levels of nesting: 12 KB.
      const nested = utf16(`{"name":"\u4122","a":${'['.repeat(3000)}${']'.repeat(3000)}}`);
      // 60,000 short fields: 0.9 MB, under the staff body cap, so only the charset refuses it.
      const fields = utf16(`{${Array.from({ length: 60_000 }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`);
      if (fields.length >= 1024 * 1024) throw new Error('the 60,000-field body is over 1 MB');
      const anonymous = [
        '/api/v1/auth/login',
        '/api/v1/enquiry',
        '/api/v1/test-ride',
        '/api/v1/enquiry/return',
        '/api/v1/enquiry/return/verify',
        `/api/v1/enquiry/${ctx.slug}/verify`,
        `/api/v1/enquiry/${ctx.slug}/resend`,
        '/api/v1/preregistration',
        '/api/v1/registration',
        '/api/v1/sms/preview',
        '/api/v1/user',
        '/api/v1/referrer',
      ].map((path): Shot => ({
        method: 'POST',
        path,
        headers: { 'content-type': UTF16_JSON },
        body: nested,
        expect: 415,
        kind: 'nested, no token',
      }));
      const staff: Shot[] = [
        ['POST', '/api/v1/preregistration'],
        ['POST', '/api/v1/registration'],
        ['POST', '/api/v1/sms/preview'],
        ['POST', '/api/v1/user'],
        ['PATCH', '/api/v1/setting'],
      ].map(([method, path]) => ({
        method,
        path,
        headers: { 'content-type': UTF16_JSON, ...bearer('admin') },
        body: fields,
        expect: 415,
        // Over 64 KB, the refusal also closes the connection (docs/security.md), so the client may meet the close first.
        orClosed: true,
        kind: '60,000 fields, token',
      }));
      const all = [...anonymous, ...staff];
      return [{ shot: (i) => all[i % all.length] }];
    }
    case 'multipart51': {
      const type = { 'content-type': `multipart/form-data; boundary=${bodies.multipartBoundary}` };
      return Array.from({ length: 12 }, (_, lane) => ({
        shot: (): Shot => ({
          method: 'POST',
          path: lane % 2 ? '/api/v1/test-ride' : '/api/v1/enquiry',
          headers: type,
          body: bodies.multipart51,
          chunked: lane >= 6,
          expect: 413,
          orClosed: true,
          kind: lane >= 6 ? 'chunked' : 'Content-Length',
        }),
      }));
    }
    case 'images40mp': {
      const boundary = 'bench40mp';
      return Array.from({ length: 4 }, (_, lane) => ({
        shot: (i: number): Shot => {
          const phone = `968${String((lane * 1_000_000 + i) % 10_000_000).padStart(7, '0')}`;
          const fields: Record<string, string> = {
            name: 'Bench Photo',
            phone,
            bike_model_id: String(ctx.model),
            nearest_branch_id: String(ctx.branch),
            source: 'NEWSPAPER',
            shared: 'true',
          };
          const head = Object.entries(fields)
            .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
            .join('');
          const body = Buffer.concat([
            Buffer.from(
              `${head}--${boundary}\r\nContent-Disposition: form-data; name="screenshot"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
            ),
            bodies.jpeg40mp,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]);
          return {
            method: 'POST',
            path: '/api/v1/enquiry',
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
            body,
            expect: 422,
            bodyHas: 'megapixels',
            // The picture is refused from its header, the rest of the 4.4 MB unread: the close may reach the client first.
            orClosed: true,
          };
        },
      }));
    }
    case 'allrows': {
      return (['admin', 'office', 'staff'] as const).map((who) => {
        const mine = ctx.allRows.filter((r) => r.who === who);
        return {
          shot: (i: number): Shot => {
            const { path, expect } = mine[i % mine.length];
            return { method: 'GET', path, headers: bearer(who), expect, kind: `${/v1\/([\w-]+)/.exec(path)?.[1]} ${expect}` };
          },
        };
      });
    }
    case 'searches30':
      return Array.from({ length: 30 }, () => ({
        shot: (): Shot => ({ method: 'GET', path: ctx.searchPath, headers: bearer('staff'), expect: 200, alsoOk: [429] }),
      }));
    case 'hosts':
      return [{ shot: (i) => ({ method: 'GET', path: '/', headers: { host: `h${i}-${ctx.tag}.bench.invalid` }, expect: 200 }) }];
    case 'strangers':
      return [
        {
          perSecond: ctx.strangersPerSecond,
          burst: 12,
          shot: (i): Shot => {
            const body = Buffer.from(JSON.stringify({ email: ctx.ownerEmail, password: `not-the-password-${i}` }));
            const headers: Record<string, string> = { 'content-type': 'application/json' };
            // Half from other IPv4 loopback addresses, half from IPv6 /64s of their own (through the trusted proxy header).
            if (i % 2)
              headers['x-forwarded-for'] = `2001:db8:${((i >> 16) & 0xffff).toString(16)}:${(i & 0xffff).toString(16)}::${(i % 9) + 1}`;
            return {
              method: 'POST',
              path: '/api/v1/auth/login',
              headers,
              body,
              localAddress: i % 2 ? undefined : `127.0.0.${2 + ((i >> 1) % 250)}`,
              expect: 401,
              kind: i % 2 ? 'IPv6 /64' : 'IPv4',
            };
          },
        },
      ];
  }
}
