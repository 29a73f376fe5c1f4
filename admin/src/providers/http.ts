import { API_BASE } from '@campaign/domain';
import { HttpError } from 'react-admin';
import { session } from './session';

export type FieldErrors = Record<string, string>;

/**
 * Turns a failed response into react-admin's HttpError. A 422 body
 * `{ message, errors: { field: [messages] } }` becomes
 * `body.errors = { field: firstMessage, root: { serverError: message } }`: react-admin puts
 * each first message under its field and shows the server message in the toast. The lists
 * as sent stay in `body.messages`.
 */
export function toHttpError(status: number, body: unknown, statusText = ''): HttpError {
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; errors?: unknown; step_up?: unknown };
  const message = typeof b.message === 'string' && b.message ? b.message : statusText || `Request failed (${status})`;
  if (b.errors && typeof b.errors === 'object') {
    const errors: Record<string, unknown> = {};
    for (const [field, messages] of Object.entries(b.errors as Record<string, unknown>)) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (typeof first === 'string') errors[field] = first;
    }
    errors.root = { serverError: message };
    // Every message too: some carry data after the text (the pending-purchase error's slug).
    return new HttpError(message, status, { message, errors, messages: b.errors });
  }
  // A sign-in's second step ('sms', 'captcha'): the login page asks for it.
  if (typeof b.step_up === 'string') return new HttpError(message, status, { message, step_up: b.step_up });
  return new HttpError(message, status, { message });
}

/** True for a File, or a react-admin FileInput value `{ rawFile: File }`. */
function fileOf(v: unknown): File | undefined {
  if (typeof File !== 'undefined' && v instanceof File) return v;
  if (v && typeof v === 'object' && 'rawFile' in v) {
    const raw = (v as { rawFile: unknown }).rawFile;
    if (typeof File !== 'undefined' && raw instanceof File) return raw;
  }
  return undefined;
}

export function containsFile(data: unknown): boolean {
  if (fileOf(data)) return true;
  if (Array.isArray(data)) return data.some(containsFile);
  if (data && typeof data === 'object') return Object.values(data).some(containsFile);
  return false;
}

/**
 * Multipart body for a payload holding files: files keep their name, arrays become
 * `key[]`, booleans 1/0, null an empty string (the server reads it as null), other
 * objects JSON.
 */
export function toFormData(data: Record<string, unknown>): FormData {
  const form = new FormData();
  const append = (key: string, value: unknown) => {
    const file = fileOf(value);
    if (file) form.append(key, file, file.name);
    else if (value === null) form.append(key, '');
    else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else if (value instanceof Date) form.append(key, value.toISOString());
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => append(`${key}[]`, v));
    else append(key, value);
  }
  return form;
}

export interface ApiOptions {
  method?: string;
  /** A plain object (sent as JSON, or multipart when it holds a file) or a FormData. */
  body?: Record<string, unknown> | FormData;
  query?: URLSearchParams | Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: ApiOptions['query']): string {
  let qs = '';
  if (query instanceof URLSearchParams) qs = query.toString();
  else if (query) {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') p.append(k, String(v));
    qs = p.toString();
  }
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function authorised(token: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** How long a read asked for early may stand in for the app's own: the first screen's data, not a later visit's. */
export const EARLY_READ_MS = 30_000;

/** Reads asked for before the code that needs them has arrived, by URL (less the table protocol's `draw` counter). */
const earlyReads = new Map<string, { token: string; at: number; response: Promise<Response>; copy: Promise<Response | null> }>();
/** The reads the page's inline script asked before any module ran (vite.config.ts), with the token it used. */
const inlineReads = (globalThis as { __earlyReads?: { token: string; reads: Record<string, Promise<Response>> } }).__earlyReads;

/** Who waits to look at an early read that is not asked for yet (earlyLook), by key. */
const lookers = new Map<string, Array<(copy: Promise<Response | null>) => void>>();

const readKey = (url: string): string => {
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.delete('draw');
  params.sort();
  return `${path}?${params}`;
};

/**
 * Asks for GETs (paths under the API, with their query) now, with the stored session, so a
 * screen whose code is still arriving finds its data there when it asks: each answer is
 * handed once to the same GET made within EARLY_READ_MS by the same session, and otherwise
 * dropped. Only plain reads, so asking early changes nothing on the server.
 */
export function readEarly(paths: readonly string[]): void {
  const token = session.token();
  if (!token) return;
  for (const path of paths) {
    const url = `${API_BASE}${path}`;
    const key = readKey(url);
    if (earlyReads.has(key)) continue;
    // Asked already by the page's inline script with this session (vite.config.ts): taken over.
    const asked = inlineReads?.token === token ? inlineReads.reads[path] : undefined;
    const response = asked ?? fetch(url, { headers: authorised(token) });
    // Not taken, its failure is nobody's: the app's own read reports it.
    response.catch(() => undefined);
    // A copy made as the answer comes, before the screen's own read takes the body (earlyLook).
    const copy = response.then((res) => (res.ok ? res.clone() : null)).catch(() => null);
    const read = { token, at: Date.now(), response, copy };
    earlyReads.set(key, read);
    for (const look of lookers.get(key) ?? []) look(copy);
    lookers.delete(key);
    // Not taken in time (the list's saved filters differ, another screen opened): let go of it.
    setTimeout(() => {
      if (earlyReads.get(key) !== read) return;
      earlyReads.delete(key);
      response.then((res) => res.body?.cancel()).catch(() => undefined);
    }, EARLY_READ_MS);
  }
}

/**
 * The body of a read asked for early (readEarly), as JSON, without taking it from the screen
 * that will ask for it: for what the page shows while that screen's code arrives
 * (layout/FirstRows.tsx). Waits until the read is asked for; null when it failed.
 */
export function earlyLook(path: string): Promise<unknown> {
  const key = readKey(`${API_BASE}${path}`);
  const read = earlyReads.get(key);
  const copy = read ? read.copy : new Promise<Promise<Response | null>>((resolve) => lookers.set(key, [...(lookers.get(key) ?? []), resolve])).then((c) => c);
  return copy.then((res) => (res ? res.json() : null)).catch(() => null);
}

function takeEarlyRead(url: string): Promise<Response> | undefined {
  const key = readKey(url);
  const read = earlyReads.get(key);
  if (!read) return undefined;
  earlyReads.delete(key);
  if (read.token !== session.token() || Date.now() - read.at > EARLY_READ_MS) return undefined;
  return read.response;
}

function request(path: string, opts: ApiOptions): Promise<Response> {
  const url = buildUrl(path, opts.query);
  if ((opts.method ?? 'GET') === 'GET' && !opts.body && !opts.signal?.aborted) {
    const early = takeEarlyRead(url);
    if (early) return early;
  }
  const headers = authorised(session.token());
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body && containsFile(opts.body)) body = toFormData(opts.body);
  else if (opts.body) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(opts.body);
  }
  return fetch(url, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** Calls the API and answers the parsed JSON body; failures throw HttpError (see toHttpError). */
export async function api<T = unknown>(path: string, opts: ApiOptions = {}): Promise<T> {
  const res = await request(path, opts);
  const body = await readBody(res);
  if (!res.ok) throw toHttpError(res.status, body, res.statusText);
  return body as T;
}

/** Downloads a file the API streams (exports), with the bearer token, and saves it as `filename`. */
export async function downloadFile(path: string, filename: string, query?: ApiOptions['query']): Promise<void> {
  const res = await request(path, { query });
  if (!res.ok) throw toHttpError(res.status, await readBody(res), res.statusText);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
