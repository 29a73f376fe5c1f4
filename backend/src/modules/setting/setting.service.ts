import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { optionLists, PUBLIC_SETTING_KEYS, SETTINGS, type ImageRef, type PublicSettingKey, type PublicSettings } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock';
import { campaignDay } from '../../common/time';
import { CachedAnswer } from '../../common/http/cached-json';
import { sanitizeRichText } from '../../common/rich-text';
import { SettingRepository } from '../../repositories/setting.repository';
import { ConfigService } from '../../config/config.module';
import { imageRef } from '../file/file-view';
import { FileService, ImageChoice } from '../file/file.service';
import { CampaignOver } from './campaign-over';
import { UpdateSettingDto } from './dto/update-setting.dto';
import { SETTING_DEFAULTS, SETTING_IMAGES, SETTING_KEYS, SettingImage, SettingKey, SettingValues } from './setting.defaults';
import { Upload } from '../file/upload';

/**
 * How long a cached read may be served. PATCH clears this instance's cache at once; the
 * TTL bounds how stale another instance can be.
 */
export const SETTINGS_TTL_MS = 30_000;

/** The rich-text settings: sanitised when saved. */
const RICH_TEXT = SETTING_KEYS.filter((k) => SETTINGS[k].rule.kind === 'rich');

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/**
 * Settings for every domain: `get('base_prize_registration')`, `getAll()`. The public
 * answer of GET /settings (read on every landing-page visit) is kept in memory.
 */
@Injectable()
export class SettingService {
  private values?: Cached<SettingValues>;
  private publicAnswer?: Cached<PublicSettings>;
  private readonly changeListeners: Array<() => void> = [];
  /** GET /settings serialised once, with its ETag. */
  readonly publicBody = new CachedAnswer(async () => ({ data: await this.publicSettings() }), SETTINGS_TTL_MS);

  constructor(
    private readonly dataSource: DataSource,
    private readonly files: FileService,
    private readonly config: ConfigService,
    private readonly clock: Clock,
    private readonly stored: SettingRepository,
  ) {}

  /**
   * The campaign's last day once it has passed (Nepal time), else null. After it the enquiry
   * and the prize draws are closed and no day is committed; test rides stay open (#19).
   */
  async campaignEndedOn(): Promise<string | null> {
    const today = campaignDay(this.clock.now(), this.config.get('app').campaignTz);
    return (await this.campaignRunsOn(today)) ? null : await this.get('campaign_ends_on');
  }

  /** Whether `day` (Nepal, YYYY-MM-DD) is within the campaign: on or before its last day, or any day while it has none. */
  async campaignRunsOn(day: string): Promise<boolean> {
    const endsOn = await this.get('campaign_ends_on');
    return !endsOn || day <= endsOn;
  }

  /** The one refusal of what closes with the campaign (registrations, draws): 403 CampaignOver after its last day. */
  async refuseAfterCampaign(): Promise<void> {
    const ended = await this.campaignEndedOn();
    if (ended) throw new CampaignOver(ended);
  }

  getAll(): Promise<SettingValues> {
    this.values = fresh(this.values, () => this.load());
    return this.values.value;
  }

  /**
   * Settings read through the caller's transaction (the one the repositories run on,
   * db.ts). Another pooled connection inside a transaction can starve the pool under load
   * (every transaction waiting for a second connection), and the embedded PGlite serves one
   * transaction at a time, so it would wait for ever. Unset keys read as their defaults.
   */
  async readIn<K extends SettingKey>(keys: K[]): Promise<Pick<SettingValues, K>> {
    const out = {} as Pick<SettingValues, K>;
    for (const k of keys) out[k] = SETTING_DEFAULTS[k];
    for (const r of await this.stored.read(keys)) out[r.key] = r.value as SettingValues[K];
    return out;
  }

  async get<K extends SettingKey>(key: K): Promise<SettingValues[K]> {
    return (await this.getAll())[key];
  }

  /** GET /settings: what the public site needs, never the SMS texts or prize rules. */
  publicSettings(): Promise<PublicSettings> {
    this.publicAnswer = fresh(this.publicAnswer, () => this.buildPublic());
    return this.publicAnswer.value;
  }

  /** GET /setting and the answer of PATCH /setting: every setting, images resolved (`logo: { id, url, thumbnail }`). */
  async adminSettings() {
    const v = await this.getAll();
    const files = await this.files.findByIds(SETTING_IMAGES.map((name) => v[`${name}_id`]));
    const images = Object.fromEntries(SETTING_IMAGES.map((name) => [name, imageRef(files.get(v[`${name}_id`]!))])) as Record<SettingImage, ImageRef | null>;
    return { ...v, ...images };
  }

  async update(dto: UpdateSettingDto, uploads: Partial<Record<SettingImage, Upload[]>>, actor: AuthUser) {
    const body = dto as unknown as Record<string, unknown>;
    const patch = Object.fromEntries(Object.entries(dto).filter(([k]) => !SETTING_IMAGES.includes(k as SettingImage))) as Partial<SettingValues>;
    for (const k of RICH_TEXT) if (typeof patch[k] === 'string') (patch as Record<string, string>)[k] = sanitizeRichText(patch[k] as string);
    const stored: ImageChoice[] = [];
    try {
      for (const name of SETTING_IMAGES) {
        const choice = await this.files.imageFor(name, { [name]: body[name], [`${name}_id`]: body[`${name}_id`] }, uploads[name]?.[0], actor.id);
        stored.push(choice);
        if (choice.id !== undefined) patch[`${name}_id`] = choice.id;
      }
      await this.dataSource.transaction(async () => {
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || !SETTING_KEYS.includes(key as SettingKey)) continue;
          await this.stored.put(key, value);
        }
      });
    } catch (e) {
      for (const c of stored) await this.files.discard(c.stored);
      throw e;
    } finally {
      this.invalidate();
    }
    return this.adminSettings();
  }

  /** Runs `fn` after every change of the settings (`update`, `invalidate`), once the new values are read. */
  onChange(fn: () => void) {
    this.changeListeners.push(fn);
  }

  invalidate() {
    this.values = undefined;
    this.publicAnswer = undefined;
    this.publicBody.invalidate();
    for (const fn of this.changeListeners) fn();
  }

  /** Every setting, unset keys as their defaults (SettingRepository: one JSON value per key). */
  private async load(): Promise<SettingValues> {
    const rows = await this.stored.read(SETTING_KEYS);
    const values = { ...SETTING_DEFAULTS } as SettingValues;
    for (const r of rows) (values as unknown as Record<string, unknown>)[r.key] = r.value;
    return values;
  }

  private async buildPublic(): Promise<PublicSettings> {
    const v = await this.getAll();
    const files = await this.files.findByIds([v.logo_id, v.notice_id, v.notice_ne_id]);
    const captcha = this.config.get('captcha');
    return {
      ...(Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, v[k]])) as Pick<SettingValues, PublicSettingKey>),
      logo: imageRef(files.get(v.logo_id!)),
      notice: imageRef(files.get(v.notice_id!)),
      notice_ne: imageRef(files.get(v.notice_ne_id!)),
      // A site key without its secret would show a widget the server cannot check.
      captcha_site_key: captcha.secret && captcha.siteKey ? captcha.siteKey : null,
      options: optionLists(v),
    };
  }
}

/** Reuses a cached promise while it is young; a failed load is not kept. */
function fresh<T>(cached: Cached<T> | undefined, load: () => Promise<T>): Cached<T> {
  if (cached && Date.now() - cached.at < SETTINGS_TTL_MS) return cached;
  const entry: Cached<T> = { at: Date.now(), value: load() };
  entry.value.catch(() => (entry.at = 0));
  return entry;
}
