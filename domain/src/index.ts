/**
 * What the backend, the admin and the public site must agree on, in one place: each of
 * them imports it by name (`@campaign/domain`), none reaches into another's source.
 */
export * from './amount';
export * from './bs-date';
export * from './codes';
export * from './permissions';
export * from './settings';
export * from './options';
export * from './phone';
export * from './form-text';
export * from './sms-segments';
export * from './wheel';
export * from './draw-id';
export * from './fairness';
export * from './fairness-chain';
export * from './site-texts';
export * from './api';
export * from './site-routes';
