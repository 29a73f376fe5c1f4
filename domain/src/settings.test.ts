import { describe, expect, it } from 'vitest';
import { OTP } from './codes';
import { PUBLIC_SETTING_KEYS, SETTING_DEFAULTS, SETTING_IMAGES, SETTING_KEYS, SETTINGS } from './settings';

describe('settings: one declaration per key', () => {
  it('reads each default from its declaration', () => {
    expect(SETTING_KEYS).toHaveLength(Object.keys(SETTINGS).length);
    for (const k of SETTING_KEYS) expect(SETTING_DEFAULTS[k]).toEqual(SETTINGS[k].default);
    expect(Object.isFrozen(SETTING_DEFAULTS)).toBe(true);
  });

  it('says in the code SMS how long the code works', () => {
    expect(OTP.ttlSeconds).toBe(600);
    expect(SETTING_DEFAULTS.sms_template_otp).toBe(
      'Your {campaign} verification code is {code}. It is valid for 10 minutes. Do not share it with anyone. Enter it at {link}',
    );
    expect(SETTING_DEFAULTS.sms_template_otp_ne).toContain('यो १० मिनेटसम्म मान्य छ।');
  });

  it('names an image setting <name>_id, and only those', () => {
    expect(SETTING_IMAGES).toEqual(['logo', 'hero_phone', 'hero_desktop', 'notice', 'notice_ne']);
    for (const k of SETTING_KEYS) expect(k.endsWith('_id')).toBe(SETTINGS[k].rule.kind === 'image');
  });

  it('keeps every default within its own rule', () => {
    for (const k of SETTING_KEYS) {
      const { rule, default: value } = SETTINGS[k] as { rule: (typeof SETTINGS)[typeof k]['rule']; default: unknown };
      if (rule.kind === 'sms' && rule.must) expect(value).toContain(rule.must);
      if (rule.kind === 'amount') expect(rule.of).toContain(value);
      if (rule.kind === 'names') expect(value).toHaveLength(rule.count);
      if (rule.kind === 'days') expect(value).toBeGreaterThanOrEqual(rule.min);
    }
  });

  it('serves no SMS text, prize rule or retention to visitors', () => {
    for (const k of PUBLIC_SETTING_KEYS) expect(k).not.toMatch(/^sms_|^base_prize|retention|cutoff/);
  });
});
