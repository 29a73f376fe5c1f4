/** Every setting, its type, default and checks, is declared once in `@campaign/domain` (domain/src/settings.ts). */
export { SETTING_DEFAULTS, SETTING_IMAGES, SETTING_KEYS, type SettingImage, type SettingKey, type SettingValues } from '@campaign/domain';
