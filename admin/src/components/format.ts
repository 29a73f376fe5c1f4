/** Money and dates as the staff screens show them. Pure, so they are unit-tested. */

/** The campaign's zone (DESIGN section 2): every "today" and every date shown is Nepal's. */
export const CAMPAIGN_TZ = 'Asia/Kathmandu';

/** 5000 → 'Rs. 5,000' (Indian digit grouping: 1,00,000). */
export function rupees(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(Number(amount))) return '—';
  return `Rs. ${Number(amount).toLocaleString('en-IN')}`;
}

const NAMED_AMOUNTS: Record<number, string> = {
  50000: 'Fifty Thousand',
  100000: 'One Lakh',
  900000: 'Nine Lakh',
  1000000: 'Ten Lakhs',
};

/** An allocation's amount label: the named prizes of SPEC section 9, else 'Rs. 5,000'. */
export function prizeLabel(amount: number): string {
  return NAMED_AMOUNTS[amount] ?? rupees(amount);
}

function parts(at: Date, withTime: boolean): Record<string, string> {
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone: CAMPAIGN_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  });
  return Object.fromEntries(fmt.formatToParts(at).map((p) => [p.type, p.value]));
}

const asDate = (value: unknown): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d;
};

/** 'YYYY-MM-DD' of the Nepal day an instant falls on (a record made at 18:16 UTC is the next day). */
export function nepalDate(value: unknown): string {
  const d = asDate(value);
  if (!d) return '';
  const p = parts(d, false);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 'YYYY-MM-DD HH:mm', Nepal wall-clock time. */
export function nepalDateTime(value: unknown): string {
  const d = asDate(value);
  if (!d) return '';
  const p = parts(d, true);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** Today in Nepal, 'YYYY-MM-DD'. */
export const nepalToday = (now: Date = new Date()): string => nepalDate(now);
