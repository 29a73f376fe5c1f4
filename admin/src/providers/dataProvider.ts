import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { api, ApiOptions, downloadFile } from './http';
import { recordServerMessage } from './serverMessage';
import { pageKey, session } from './session';
import { ADMIN_BASE } from '../paths';

/**
 * Resources whose URLs use the slug (/admin/user/{slug}; docs/decisions.md, "Slugs"). Their records
 * get `id = slug` for react-admin and keep the numeric id as `pk`. Others (video,
 * allocation) are addressed by their numeric id.
 */
export const SLUG_RESOURCES = new Set(['user', 'branch', 'bike-model', 'registration', 'preregistration', 'test-ride']);

/** Fields the client never writes back. */
const READ_ONLY = new Set(['id', 'pk', 'slug', 'created_at', 'updated_at', 'deleted_at']);

export function toRecord(resource: string, raw: Record<string, unknown>): RaRecord {
  if (SLUG_RESOURCES.has(resource) && raw && raw.slug != null) return { ...raw, pk: raw.id, id: raw.slug as Identifier };
  return raw as RaRecord;
}

let draw = 0;

/**
 * The table request (docs/api.md, "Conventions"): draw, start, length, order/columns (only when a
 * column is asked for; otherwise the server's own order), search[value] from the `q`
 * filter, and every other filter as a plain query parameter.
 */
export function pagingQuery(params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>): URLSearchParams {
  const q = new URLSearchParams();
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? 10;
  q.set('draw', String(++draw));
  q.set('start', String((page - 1) * perPage));
  q.set('length', String(perPage));
  if (params.sort?.field) {
    q.set('order[0][column]', '0');
    q.set('order[0][dir]', params.sort.order === 'DESC' ? 'desc' : 'asc');
    q.set('columns[0][data]', params.sort.field);
  }
  const { q: search, ...filters } = (params.filter ?? {}) as Record<string, unknown>;
  if (typeof search === 'string' && search.trim()) q.set('search[value]', search.trim());
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => q.append(`${key}[]`, String(v)));
    else if (typeof value === 'boolean') q.set(key, value ? '1' : '0');
    else q.set(key, String(value));
  }
  return q;
}

const isEmpty = (v: unknown) => v === undefined || v === null;

function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (a === b) return true;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (a instanceof Date || b instanceof Date) return false;
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return false;
}

/**
 * An update sends only the fields the form changed: the server refuses fields it does
 * not know (id, slug, nested role/branch objects...), and its update DTOs are partial.
 */
export function changedFields(data: Record<string, unknown>, previous?: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (READ_ONLY.has(key) || value === undefined) continue;
    if (previous && sameValue(value, previous[key])) continue;
    out[key] = value;
  }
  return out;
}

const path = (resource: string, id?: Identifier) =>
  `/${resource}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}`;

interface TableBody {
  data: Record<string, unknown>[];
  recordsFiltered?: number;
  recordsTotal?: number;
}

export interface UploadedFile {
  id: number;
  filename: string;
  url: string;
  thumbnail: string;
}

export interface AppDataProvider extends DataProvider {
  /** GET a plain list answered as `{ data: [...] }` (/branches, /role, /geography, /file). */
  getAll<T = Record<string, unknown>>(apiPath: string, query?: ApiOptions['query']): Promise<T[]>;
  /** GET a single object answered as `{ data }` (/settings). */
  getObject<T = Record<string, unknown>>(apiPath: string): Promise<T>;
  /** Any other write; records the server's message for the toast and answers the body. */
  send<T = { data?: unknown; message?: string }>(apiPath: string, method: string, body?: Record<string, unknown> | FormData): Promise<T>;
  /** POST /upload: multipart `type` and `files[]`. */
  upload(type: 'image' | 'file', files: File[]): Promise<UploadedFile[]>;
  /** Streams an export with the bearer token and saves it under `filename`. */
  download(apiPath: string, filename: string, query?: ApiOptions['query']): Promise<void>;
}

/**
 * The page of rows a resource's own list page (/admin/{resource}) asks, kept for that page's
 * next visit (providers/session.ts, firstReads): react-admin opens the list again with the
 * same saved filters, sort and page, so the next visit can ask it before the list's code has
 * run. A list inside another page (a record's references, another table of the resource) is
 * not kept.
 */
function keepListRead(resource: string, apiPath: string, query: URLSearchParams, meta: GetListParams['meta']): void {
  if (typeof window === 'undefined' || meta?.path !== undefined) return;
  const page = pageKey(window.location.pathname);
  if (page !== `${ADMIN_BASE}/${resource}`) return;
  const kept = new URLSearchParams(query);
  kept.delete('draw');
  session.keepFirstReads(page, [`${apiPath}?${kept}`]);
}

export const dataProvider: AppDataProvider = {
  supportAbortSignal: true,

  /** `meta.path` reads another table of the resource (GET /registration/deleted). */
  async getList(resource, params) {
    const apiPath = typeof params.meta?.path === 'string' ? params.meta.path : path(resource);
    const query = pagingQuery(params);
    keepListRead(resource, apiPath, query, params.meta);
    const body = await api<TableBody>(apiPath, { query, signal: params.signal });
    const data = (body.data ?? []).map((r) => toRecord(resource, r));
    return { data: data as never[], total: body.recordsFiltered ?? body.recordsTotal ?? data.length };
  },

  async getOne(resource, params) {
    const body = await api<{ data: Record<string, unknown> }>(path(resource, params.id), { signal: params.signal });
    return { data: toRecord(resource, body.data) as never };
  },

  async getMany(resource, params) {
    const data = await Promise.all(params.ids.map((id) => dataProvider.getOne(resource, { id, signal: params.signal }).then((r) => r.data)));
    return { data };
  },

  async getManyReference(resource, params) {
    return dataProvider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
  },

  async create(resource, params) {
    const body = await api<{ data: Record<string, unknown> }>(path(resource), { method: 'POST', body: params.data });
    recordServerMessage(body);
    return { data: toRecord(resource, body.data) as never };
  },

  async update(resource, params) {
    const payload = changedFields(params.data as Record<string, unknown>, params.previousData as Record<string, unknown>);
    const body = await api<{ data?: Record<string, unknown> }>(path(resource, params.id), { method: 'POST', body: payload });
    recordServerMessage(body);
    const fresh = body.data ? toRecord(resource, body.data) : { ...params.previousData, ...params.data };
    return { data: fresh as never };
  },

  async updateMany(resource, params) {
    for (const id of params.ids) {
      const body = await api(path(resource, id), { method: 'POST', body: params.data as Record<string, unknown> });
      recordServerMessage(body);
    }
    return { data: params.ids };
  },

  async delete(resource, params) {
    const body = await api(path(resource, params.id), { method: 'DELETE' });
    recordServerMessage(body);
    return { data: (params.previousData ?? { id: params.id }) as never };
  },

  async deleteMany(resource, params) {
    for (const id of params.ids) recordServerMessage(await api(path(resource, id), { method: 'DELETE' }));
    return { data: params.ids };
  },

  async getAll<T>(apiPath: string, query?: ApiOptions['query']) {
    const body = await api<{ data?: unknown }>(apiPath, { query });
    const data = body.data;
    // A list may answer { data: [...] } or { data: { data: [...] } }: both are read.
    if (Array.isArray(data)) return data as T[];
    if (data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data)) return (data as { data: T[] }).data;
    return [];
  },

  async getObject<T>(apiPath: string) {
    const body = await api<{ data?: T }>(apiPath);
    return (body.data ?? body) as T;
  },

  async send<T>(apiPath: string, method: string, body?: Record<string, unknown> | FormData) {
    const res = await api<T>(apiPath, { method, body });
    recordServerMessage(res);
    return res;
  },

  async upload(type, files) {
    const form = new FormData();
    form.append('type', type);
    for (const f of files) form.append('files[]', f, f.name);
    const body = await api<{ data: UploadedFile[] }>('/upload', { method: 'POST', body: form });
    return body.data ?? [];
  },

  download(apiPath, filename, query) {
    return downloadFile(apiPath, filename, query);
  },
};
