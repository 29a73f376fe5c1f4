/**
 * Runs jobs one at a time, taking turns between owners: each owner (a staff user, or the
 * public as one) has its own line, and when a job ends the next comes from the line after
 * the one that just ran. One user's ten files wait their turn between everyone else's.
 */
export class FairQueue {
  /** Waiting starters by owner, in turn order (a Map keeps insertion order). */
  private readonly lines = new Map<string, Array<() => void>>();
  private busy = false;

  run<T>(owner: string, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        Promise.resolve()
          .then(job)
          .then(resolve, reject)
          .finally(() => {
            this.busy = false;
            this.next();
          });
      };
      const line = this.lines.get(owner);
      if (line) line.push(start);
      else this.lines.set(owner, [start]);
      if (!this.busy) this.next();
    });
  }

  /** Jobs waiting to start. */
  get waiting(): number {
    let n = 0;
    for (const line of this.lines.values()) n += line.length;
    return n;
  }

  private next(): void {
    if (this.busy) return;
    const first = this.lines.entries().next();
    if (first.done) return;
    const [owner, line] = first.value;
    const start = line.shift()!;
    // The owner goes to the back: every other line gets a turn before its next job.
    this.lines.delete(owner);
    if (line.length) this.lines.set(owner, line);
    this.busy = true;
    start();
  }
}
