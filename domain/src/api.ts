/*
 * The shapes of the answers that more than one workspace reads: the backend builds them, the
 * admin and the public site read them, all three against the types below, so a field renamed
 * or made nullable on one side fails the other's build instead of showing a blank or a wrong
 * number (answers are `{ data }`, docs/api.md, "Conventions"; these are what is inside).
 */
import type { OptionLists } from './options';
import type { PublicSettingKey, SettingImage, SettingValues } from './settings';

/** A value as JSON carries it: literal types widened to string and number (what a list holds today may change with the settings). */
export type Json<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends object
        ? { [K in keyof T]: Json<T[K]> }
        : T;

/** How a record's image is served (`thumbnail`, `logo`, `notice` ...): the file and its smaller copy. */
export interface ImageRef {
  id: number;
  url: string;
  thumbnail: string;
}

/**
 * GET /settings: what every visitor's page needs, cached for 30 s (no staff-only setting): the
 * public settings as declared (settings.ts), their images, the captcha's site key and the option lists.
 */
export type PublicSettings = Pick<SettingValues, PublicSettingKey> & {
  logo: ImageRef | null;
  notice: ImageRef | null;
  /** The notice for Nepali readers; null: the English one. */
  notice_ne: ImageRef | null;
  captcha_site_key: string | null;
  /** `optionLists` of this package, as served. */
  options: Json<OptionLists>;
};

/** GET /setting (staff with update-settings): every setting, and each image setting's file under its name. */
export type AdminSettings = SettingValues & Record<SettingImage, ImageRef | null>;

/** What a public screen may see of a pre-registration: never the address, citizenship number or code. */
export interface PublicPreregistration {
  slug: string;
  name: string;
  /** Masked, like 98******23. */
  phone: string;
  is_verified: boolean;
  prize: number | null;
  /** The public id of the draw that gave the prize, checked on /fairness (docs/fairness.md); null before the draw. */
  draw_id: string | null;
  /**
   * The first 20 hex characters of the draw day's commitment hash (docs/fairness.md, "The
   * chain"), shown beside the draw id and sent in the prize SMS: a copy the customer holds of a
   * commitment made before the day's seed was known. null before the draw.
   */
  draw_fingerprint: string | null;
  /** The visitor's own share link carries `utm_source=ref-<share_code>` (#19); null before the draw. */
  share_code: string | null;
}

/** GET /prizes: today's enquiry prizes across every branch, what was given so far, the campaign's last day (#19). */
export interface PrizesToday {
  day: string;
  tiers: Array<{ amount: number; planned: number; left: number }>;
  given: { prizes: number; amount: number; by_amount: Array<{ amount: number; prizes: number }> };
  campaign_ends_on: string | null;
  /** The instant the last day ends (Nepal midnight). */
  campaign_ends_at: string | null;
  /** The last day has passed: nothing left to win; `given` is the campaign's results. */
  ended: boolean;
}

/** The dashboard's counts (GET /stats), within what the user may see; "today" is a Nepal day. */
export interface Stats {
  total: number;
  preregistrations: number;
  preregistrations_today: number;
  preregistrations_yesterday: number;
  sales_today: number;
  sales_yesterday: number;
  test_rides: number;
  test_rides_today: number;
  test_rides_yesterday: number;
}

/** GET /stats: the counts, and for the Super Admin whether the public forms run without a captcha on purpose (CAPTCHA=off). */
export type StatsAnswer = Stats & { captcha_off?: boolean };

/** What the analytics page counts, per day and per branch. */
export interface Counts {
  preregistrations: number;
  verifications: number;
  sales: number;
  test_rides: number;
}

/** GET /analytics: every day of the period is listed (Nepal days). */
export interface Analytics {
  from: string;
  to: string;
  days: Array<{ day: string } & Counts>;
  branches: Array<{ branch_id: number | null; title: string } & Counts>;
  sources: Array<{ source: string | null; preregistrations: number }>;
  prizes: Array<{ day: string; amount: number; allocated: number; awarded: number }>;
}
