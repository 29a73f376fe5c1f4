import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SetMetadata, type INestApplication } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { Response } from 'express';
import { isReadMethod } from './read-method';

/** A JSON answer serialised once, with its strong ETag, and compressed once when first asked so. */
export interface JsonAnswer {
  body: string;
  etag: string;
  compressed?: { br?: Buffer; gzip?: Buffer };
}

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * How long a public answer (settings, showrooms, bike models, videos) is served from memory.
 * A write on this instance drops it at once; the TTL bounds how stale another instance (or
 * a CDN, see PUBLIC_CACHE_CONTROL) can be.
 */
export const PUBLIC_TTL_MS = 30_000;

/**
 * Browsers revalidate every time (max-age=0: an ETag match answers 304 with no body); a
 * shared cache such as a CDN may serve the answer for the same 30 s the instances keep it.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30';

export function jsonAnswer(value: unknown): JsonAnswer {
  return textAnswer(JSON.stringify(value));
}

/** Any text answer (a page) with its strong ETag. */
export function textAnswer(body: string): JsonAnswer {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/**
 * One public answer kept in memory: loaded once per TTL whatever the traffic (concurrent
 * readers share the load), dropped by `invalidate()` after a write. A failed load is not kept.
 */
export class CachedAnswer {
  private entry?: { at: number; value: Promise<JsonAnswer>; done?: JsonAnswer };

  constructor(
    private readonly load: () => Promise<unknown>,
    private readonly ttlMs = PUBLIC_TTL_MS,
  ) {}

  get(): Promise<JsonAnswer> {
    const current = this.entry;
    if (current && Date.now() - current.at < this.ttlMs) return current.value;
    const entry: { at: number; value: Promise<JsonAnswer>; done?: JsonAnswer } = { at: Date.now(), value: this.load().then(jsonAnswer) };
    entry.value.then((v) => (entry.done = v)).catch(() => undefined);
    entry.value.catch(() => {
      if (this.entry === entry) this.entry = undefined;
    });
    this.entry = entry;
    return entry.value;
  }

  /** The answer when it is loaded and still fresh; undefined sends the request through the app (which reloads it). */
  ready(): JsonAnswer | undefined {
    const current = this.entry;
    return current?.done && Date.now() - current.at < this.ttlMs ? current.done : undefined;
  }

  invalidate(): void {
    this.entry = undefined;
  }
}

/** Sends a cached answer with its ETag; Express answers 304 itself when If-None-Match matches. */
export function sendJson(res: Response, answer: JsonAnswer, cacheControl = PUBLIC_CACHE_CONTROL): void {
  sendText(res, answer, 'application/json', cacheControl);
}

/** A cached text answer of `type` with its ETag, compressed (once) when large enough and the client takes it. */
export function sendText(res: Response, answer: JsonAnswer, type: string, cacheControl: string): void {
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', answer.etag);
  res.append('Vary', 'Accept-Encoding');
  res.type(type);
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES ? res.req.acceptsEncodings('br', 'gzip', 'identity') : false;
  if (encoding === 'br' || encoding === 'gzip') {
    const compressed = (answer.compressed ??= {});
    compressed[encoding] ??=
      encoding === 'br' ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(answer.body, { level: 9 });
    res.setHeader('Content-Encoding', encoding);
    res.send(compressed[encoding]);
    return;
  }
  res.send(answer.body);
}

const SERVED_FROM_MEMORY = 'campaign:served-from-memory';

/**
 * Marks a public GET whose whole answer is one CachedAnswer (`answerOf(controller)`), which the
 * handler sends with `sendJson`. While that answer is loaded and fresh, `servePublicAnswers`
 * sends it ahead of the framework; the route is still declared once, by its controller.
 */
export const ServedFromMemory = <C>(answerOf: (controller: C) => CachedAnswer) => SetMetadata(SERVED_FROM_MEMORY, answerOf);

/** The answers of the routes marked ServedFromMemory, by their full path (`/api/v1/settings` for `prefix` api/v1). */
export function memoryAnswers(app: INestApplication, prefix: string): Record<string, CachedAnswer> {
  const answers: Record<string, CachedAnswer> = {};
  const scanner = new MetadataScanner();
  const path = (...parts: unknown[]) => '/' + parts.map((p) => String(p ?? '').replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/');
  for (const { instance, metatype } of new DiscoveryService(app.get(ModulesContainer)).getControllers()) {
    if (!instance || !metatype) continue;
    const proto = Object.getPrototypeOf(instance) as Record<string, object>;
    for (const name of scanner.getAllMethodNames(proto)) {
      const answerOf = Reflect.getMetadata(SERVED_FROM_MEMORY, proto[name]) as ((controller: unknown) => CachedAnswer) | undefined;
      if (answerOf) answers[path(prefix, Reflect.getMetadata(PATH_METADATA, metatype), Reflect.getMetadata(PATH_METADATA, proto[name]))] = answerOf(instance);
    }
  }
  return answers;
}

/**
 * Express middleware answering GETs of cached public paths straight from memory, before the
 * framework (guards, pipes, per-request logger), as a CDN in front would. A missing or stale
 * answer goes on to the controller, which reloads it.
 */
export function servePublicAnswers(answers: Record<string, CachedAnswer>) {
  return (req: { method: string; path: string }, res: Response, next: () => void) => {
    if (!isReadMethod(req.method)) return next();
    const answer = answers[req.path]?.ready();
    if (!answer) return next();
    sendJson(res, answer);
  };
}
