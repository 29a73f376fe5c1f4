import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import { defer, finalize, mergeMap, Observable } from 'rxjs';
import { AuthUser } from '../auth/auth-user';
import { TooManyRequestsError } from './errors';
import { pageInt, pageSearch, type PageQuery } from '../paging/paging';
import { isReadMethod } from './read-method';

/** How long a signed-in user's request waits for one of their running requests to finish before it answers 429. */
export const USER_QUEUE_WAIT_MS = 15_000;

/** Retry-After of the 429 (seconds): about what a slow table read or a statement timeout takes. */
const RETRY_AFTER_SECONDS = 5;

/** What the gate needs of the response: it hears the client go away while a request waits. */
interface Closable {
  once(event: 'close', listener: () => void): unknown;
  off(event: 'close', listener: () => void): unknown;
}

interface Waiter {
  admit(): void;
}

interface Lane {
  running: number;
  waiting: Waiter[];
}

/**
 * Requests in flight per signed-in user (issue #32: 30 parallel slow searches from one branch
 * token held `/fairness` at p50 2.7 s and health at p99 3.2 s). At most `inFlight` of one user's
 * requests run at once; the next `queued` wait for a turn, in order, for at most `waitMs`; any
 * more, or one that waited too long, answers 429 with Retry-After. Waiting costs no database
 * connection, so one user's burst holds at most `inFlight` requests' worth of the pool and the
 * database's cores, whatever its size, and the admin's own bursts (a dashboard asks for five
 * things at once, a purchase desk may post several) are served in turn, never refused.
 * A turn is given back when the handler has finished, not when the client goes away: a request
 * abandoned mid-query still holds its turn until its query ends (at the statement timeout at
 * most), so aborting and resending does not multiply one user's load. Counted per process: with
 * N app instances one user may run N times `inFlight`.
 */
export class UserRequestGate {
  private readonly lanes = new Map<number, Lane>();

  constructor(
    readonly inFlight: number,
    readonly queued: number,
    readonly waitMs = USER_QUEUE_WAIT_MS,
    /** What the lane runs, as its 429 names it ("requests", "searches"). */
    readonly what = 'requests',
    /**
     * A turn of T ms is held T x `rest` ms longer before it is given back (0: at once), so the
     * user's next request of this lane, sent meanwhile or already waiting, starts after it. For searches, 1: one user's searches back to back keep a database core busy at most
     * half the time (the bench's 30 slow searches from one token had the owner's sign-in at
     * twice its quiet time on two cores); a person typing waits a search's time, some ms.
     */
    readonly rest = 0,
    /**
     * The least rest of a turn (ms), however short it ran. For searches and full lists, 50: a
     * refused full list (422 in 6 ms) or a search the indexes answer at once, sent by a script
     * back to back from three tokens, still took both cores from staff's sign-ins (#32's bench:
     * 1.75 times their quiet time); at most 20 a second per user is more than a person types.
     */
    readonly minRestMs = 0,
  ) {}

  /** How many of `user`'s requests run now. */
  running(user: number): number {
    return this.lanes.get(user)?.running ?? 0;
  }

  /** How many of `user`'s requests wait for a turn. */
  waiting(user: number): number {
    return this.lanes.get(user)?.waiting.length ?? 0;
  }

  /**
   * A turn for one request of `user`; resolves to the function that gives it back (once, however
   * often it is called). A request whose client goes away (`res` closes) while it waits gives up
   * its place. Rejects with a 429 when the queue is full or the wait too long.
   */
  enter(user: number, res?: Closable): Promise<() => void> {
    let lane = this.lanes.get(user);
    if (!lane) this.lanes.set(user, (lane = { running: 0, waiting: [] }));
    const current = lane;
    if (current.running < this.inFlight && current.waiting.length === 0) {
      current.running++;
      return Promise.resolve(this.leaver(user, current));
    }
    if (current.waiting.length >= this.queued) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        res?.off('close', gone);
        const at = current.waiting.indexOf(waiter);
        if (at >= 0) current.waiting.splice(at, 1);
      };
      const waiter: Waiter = {
        admit: () => {
          leave();
          resolve(this.leaver(user, current));
        },
      };
      const timer = setTimeout(() => {
        leave();
        reject(this.busy());
      }, this.waitMs);
      // Nobody reads this answer any more: its place goes to the next one.
      const gone = () => {
        leave();
        reject(this.busy());
      };
      res?.once('close', gone);
      current.waiting.push(waiter);
    });
  }

  /** Gives the turn back once, after the lane's rest (release). */
  private leaver(user: number, lane: Lane): () => void {
    let left = false;
    const started = Date.now();
    return () => {
      if (left) return;
      left = true;
      const pause = Math.max((Date.now() - started) * this.rest, this.minRestMs);
      if (pause >= 1) {
        // The turn stays taken through the pause, whether or not a request waits: one sent after the
        // answer waits too (a script sending each search on the last one's answer gets no way round).
        setTimeout(() => this.release(user, lane), pause).unref();
        return;
      }
      this.release(user, lane);
    };
  }

  /** The turn given back: straight to the first waiting request, else to the count. */
  private release(user: number, lane: Lane): void {
    const next = lane.waiting[0];
    if (next) {
      next.admit();
      return;
    }
    lane.running--;
    if (lane.running === 0 && lane.waiting.length === 0 && this.lanes.get(user) === lane) this.lanes.delete(user);
  }

  private busy(): TooManyRequestsError {
    return new TooManyRequestsError(
      `Too many of your ${this.what} are running at once (at most ${this.inFlight}, with ${this.queued} more waiting their turn). Wait for them to finish (a download, a large table or search), then try again.`,
      RETRY_AFTER_SECONDS,
    );
  }
}

/**
 * A table read with a search (`search[value]`, or the referring-customer search's `q`), or of
 * every row (`length=-1`, the print page's read): the requests whose cost the user's words
 * decide. A search too short for the trigram indexes reads every row in the user's scope (1.5 s
 * for a branch of 154,000 customers in the bench); an all-rows read counts up to 10,001 rows
 * and may write 10,000. The admin sends one at a time, so a person never needs two running;
 * three tokens asking for every row again and again took both cores from staff's sign-ins
 * (#32's bench: 1.84 times their quiet time) until these reads took their rest as searches do.
 */
export function takesSearchTurn(req: Request, fullListParam?: string): boolean {
  // A HEAD runs the GET's handler (Express), the whole read, and drops the body; the router matches paths in any case.
  if (req.method === 'POST') return /\/search\/?$/i.test(req.path);
  if (!isReadMethod(req.method)) return false;
  // Read as the tables read them (paging.ts): `length=-01` is every row to them, so it is here.
  const query = req.query as PageQuery & Record<string, unknown>;
  if (fullListParam !== undefined && query[fullListParam] !== undefined) return true;
  return pageInt(query.length, 0) === -1 || pageSearch(query) !== '';
}

const FULL_LIST_PARAM = 'user-requests:full-list-param';

/**
 * On a table route that also answers every row of its filters by a query parameter of its own
 * (the registrations' `?all`, up to 10,000 rows, as `length=-1`): such a read takes the
 * user's search turn, as a full list does. A small table's `?all` (bike models) is left out:
 * a form's pickers would queue behind each other for nothing.
 */
export const FullListParam = (name: string) => SetMetadata(FULL_LIST_PARAM, name);

/**
 * Runs every request of a signed-in user (the JWT guard has set `req.user` before interceptors
 * run) through the user's `UserRequestGate` lane, and a search first through the user's lane
 * of searches (`searches`: one at a time by default, so 30 slow searches from one token keep
 * one of the database's cores busy, not all of them); anonymous requests pass as they are (the
 * per-address limits and the request budget carry those).
 */
@Injectable()
export class UserRequestsInterceptor implements NestInterceptor {
  constructor(
    private readonly gate: UserRequestGate,
    private readonly searches?: UserRequestGate,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { user?: AuthUser }>();
    const user = req.user?.id;
    if (user === undefined) return next.handle();
    const res = http.getResponse<Closable>();
    const fullListParam = Reflect.getMetadata(FULL_LIST_PARAM, context.getHandler()) as string | undefined;
    const gates = this.searches && takesSearchTurn(req, fullListParam) ? [this.searches, this.gate] : [this.gate];
    return defer(() => enterAll(gates, user, res)).pipe(mergeMap((leave) => next.handle().pipe(finalize(leave))));
  }
}

/** A turn in each gate, in order (one refused gives back the turns already taken). */
async function enterAll(gates: UserRequestGate[], user: number, res: Closable): Promise<() => void> {
  const leaves: Array<() => void> = [];
  try {
    for (const gate of gates) leaves.push(await gate.enter(user, res));
  } catch (e) {
    leaves.forEach((leave) => leave());
    throw e;
  }
  return () => leaves.forEach((leave) => leave());
}
