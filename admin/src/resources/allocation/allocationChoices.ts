import { ALLOCATION_TYPES, type AllocationType } from '@campaign/domain';
import type { CampaignOptions } from '../../components/useCampaignSettings';

export const DEFAULT_ALLOCATION_TYPE: AllocationType = ALLOCATION_TYPES[0];

const TYPE_LABELS: Record<AllocationType, string> = {
  preregistration_public: 'Pre-registration (public)',
  preregistration_branch: 'Pre-registration (branch)',
  registration_branch: 'Registration (branch)',
};

export const typeLabel = (type: unknown): string => TYPE_LABELS[type as AllocationType] ?? String(type ?? '');

/** The type select: the three allocation types of the settings (in their order). */
export const typeChoices = (types: readonly string[]) =>
  (types.length ? types : ALLOCATION_TYPES).map((t) => ({ id: t, name: typeLabel(t) }));

/** Public pre-registration stock belongs to no branch: the branch selector is hidden for it. */
export const needsBranch = (type: unknown): boolean => !!type && type !== 'preregistration_public';

/** The amounts offered: pre_prizes for the two pre-registration types, prizes for purchases (docs/decisions.md, "Allocations"). */
export function allocationAmounts(type: unknown, options: Pick<CampaignOptions, 'pre_prizes' | 'prizes'>): number[] {
  return type === 'registration_branch' ? options.prizes : options.pre_prizes;
}

/** The date must be a Nepal day, today or later ('YYYY-MM-DD' compares as text). */
export const notBefore = (today: string) => (value: unknown) =>
  typeof value === 'string' && value && value < today ? `The date must be today (${today}) or later.` : undefined;

/** What POST /allocation gets: no branch for the public type. */
export function toAllocationPayload(values: Record<string, unknown>): Record<string, unknown> {
  const { type, branch_id, date, count, amount, probability } = values;
  return { type, ...(needsBranch(type) ? { branch_id } : {}), date, count, amount, probability };
}
