import { PUBLIC_TTL_MS } from './http/cached-json';

/**
 * The ids of a small table that changes rarely (bike models, showrooms), held for
 * PUBLIC_TTL_MS, so a public form's reference to one is checked without a round trip (the
 * enquiry's statements, issue #33). An id not held reloads them once: a row added since, on
 * this instance or another, is found at once. A row deleted elsewhere may still read as there
 * for up to the TTL, as the public lists do; the insert's foreign key has the last word.
 * The owner drops them on its own writes.
 */
export class KnownIds {
  private entry?: { at: number; ids: Promise<Set<number>> };

  constructor(
    private readonly load: () => Promise<number[]>,
    private readonly ttlMs = PUBLIC_TTL_MS,
  ) {}

  async has(id: number): Promise<boolean> {
    const current = this.entry;
    if (current && Date.now() - current.at < this.ttlMs && (await current.ids).has(id)) return true;
    return (await this.reload()).has(id);
  }

  invalidate(): void {
    this.entry = undefined;
  }

  private reload(): Promise<Set<number>> {
    const entry = { at: Date.now(), ids: this.load().then((ids) => new Set(ids)) };
    entry.ids.catch(() => {
      if (this.entry === entry) this.entry = undefined;
    });
    this.entry = entry;
    return entry.ids;
  }
}
