import { Injectable } from '@nestjs/common';
import type { Analytics, Counts } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { DayBranchCount } from '../../common/paging/counts';
import { addDays, campaignDay, dayRange } from '../../common/time';
import { ConfigService } from '../../config/config.module';
import { DrawRepository } from '../../repositories/draw.repository';
import { RegistrationRepository } from '../../repositories/registration.repository';
import { TestRideRepository } from '../../repositories/test-ride.repository';
import { AllocationService } from '../allocation/allocation.service';
import { BranchService } from '../branch/branch.service';
import { PreregistrationRepository } from '../../repositories/preregistration.repository';

/** Days shown when no period is asked for. */
export const DEFAULT_DAYS = 30;
/** Longest period one request may cover. */
export const MAX_DAYS = 366;
/** How the branches breakdown names the records that belong to no branch (public enquiries). */
export const NO_BRANCH_TITLE = 'No branch (public enquiries)';

const ZERO: Counts = { preregistrations: 0, verifications: 0, sales: 0, test_rides: 0 };
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The analytics screen (send-sms): per Nepal day and per branch, pre-registrations
 * (created), verifications (verified_at), sales (purchases) and test rides; pre-registrations
 * per source; prizes per day and amount (allocated stock vs. draws awarded). Each number is
 * asked of the table's repository or owning module, in the user's scope by that table's
 * owner rule (a pre-registration counts for its owner branch, as in the lists); deleted
 * records are left out.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly config: ConfigService,
    private readonly preregistrations: PreregistrationRepository,
    private readonly registrations: RegistrationRepository,
    private readonly testRides: TestRideRepository,
    private readonly allocations: AllocationService,
    private readonly draws: DrawRepository,
    private readonly branches: BranchService,
  ) {}

  async analytics(user: AuthUser, query: { from?: unknown; to?: unknown }, now = new Date()): Promise<Analytics> {
    const tz = this.config.get('app').campaignTz;
    const { from, to } = parsePeriod(query, campaignDay(now, tz));
    const period = { tz, start: dayRange(from, tz).start, end: dayRange(to, tz).end };
    // One after the other: a pool of a few connections serves every screen.
    const parts: Array<[keyof Counts, DayBranchCount[]]> = [
      ['preregistrations', await this.preregistrations.countByDayAndBranch(user, 'created_at', period)],
      ['verifications', await this.preregistrations.countByDayAndBranch(user, 'verified_at', period)],
      ['sales', await this.registrations.countByDayAndBranch(user, period)],
      ['test_rides', await this.testRides.countByDayAndBranch(user, period)],
    ];
    const sources = await this.preregistrations.countBySource(user, period.start, period.end);
    const prizes = await this.prizes(user, from, to, period);
    const branches = await this.branches.visible(user);

    const byDay = new Map<string, Counts>();
    const byBranch = new Map<number | null, Counts>();
    const add = <K>(map: Map<K, Counts>, key: K, metric: keyof Counts, n: number) => {
      const c = map.get(key) ?? { ...ZERO };
      c[metric] += n;
      map.set(key, c);
    };
    for (const [metric, rows] of parts) {
      for (const r of rows) {
        add(byDay, r.day, metric, r.n);
        add(byBranch, r.branch_id === null ? null : Number(r.branch_id), metric, r.n);
      }
    }
    const days: Analytics['days'] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) days.push({ day: d, ...(byDay.get(d) ?? ZERO) });
    const branchRows: Analytics['branches'] = branches.map((b) => ({ branch_id: b.id, title: b.title, ...(byBranch.get(b.id) ?? ZERO) }));
    const none = byBranch.get(null);
    if (none && user.branch_id === null) branchRows.push({ branch_id: null, title: NO_BRANCH_TITLE, ...none });
    return { from, to, days, branches: branchRows, sources, prizes };
  }

  /**
   * Per day and amount: `allocated` sums the scheme's stock (allocation.count) for that Nepal
   * day, `awarded` counts the draws of that amount made that Nepal day, special or base
   * prize, pre-registration or purchase, of the live records in the user's scope.
   */
  private async prizes(user: AuthUser, fromDay: string, toDay: string, period: { tz: string; start: Date; end: Date }) {
    const stock = await this.allocations.stockByDay(user, fromDay, toDay);
    const awarded = await this.draws.awardedByDay(period.tz, period.start, period.end, {
      preregistration: this.preregistrations.liveIds(user),
      registration: this.registrations.liveIds(user),
    });
    const key = (day: string, amount: number) => `${day}|${amount}`;
    const rows = new Map<string, Analytics['prizes'][number]>();
    for (const s of stock) rows.set(key(s.day, s.amount), { day: s.day, amount: Number(s.amount), allocated: s.allocated, awarded: 0 });
    for (const a of awarded) {
      const k = key(a.day, a.amount);
      const row = rows.get(k) ?? { day: a.day, amount: Number(a.amount), allocated: 0, awarded: 0 };
      row.awarded += a.awarded;
      rows.set(k, row);
    }
    return [...rows.values()].sort((a, b) => (a.day === b.day ? a.amount - b.amount : a.day < b.day ? -1 : 1));
  }
}

/**
 * `from` and `to` as Nepal days (both included). By default the last 30 days up to today;
 * with only one end given, the 30 days starting (or ending) there.
 */
export function parsePeriod(query: { from?: unknown; to?: unknown }, today: string): { from: string; to: string } {
  const errors: FieldErrors = {};
  const read = (field: 'from' | 'to') => {
    const v = query[field];
    if (v === undefined || v === null || v === '') return undefined;
    const day = typeof v === 'string' ? v.trim() : '';
    const parsed = DAY_RE.test(day) ? new Date(`${day}T00:00:00Z`) : null;
    // 2025-02-30 parses as 2 March: the day must read back the same.
    if (parsed && !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day)) return day;
    errors[field] = [`The ${field} must be a date (YYYY-MM-DD).`];
    return undefined;
  };
  let from = read('from');
  let to = read('to');
  if (Object.keys(errors).length) throw new UnprocessableError(errors);
  if (!to) to = from ? addDays(from, DEFAULT_DAYS - 1) : today;
  if (!from) from = addDays(to, -(DEFAULT_DAYS - 1));
  if (to < from) throw new UnprocessableError({ to: ['The to must be a date after or equal to from.'] });
  if (addDays(from, MAX_DAYS - 1) < to) throw new UnprocessableError({ to: [`The period may be at most ${MAX_DAYS} days.`] });
  return { from, to };
}
