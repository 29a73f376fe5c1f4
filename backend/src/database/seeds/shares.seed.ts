import { ensureReferrer } from '../../modules/referrer/referrer.service';
import { shareSource } from '../../modules/referrer/share-links';
import type { DemoStep } from './demo-step';

/**
 * A customer who shared their link (#19): three friends' pre-registrations and a test ride
 * came through it, so the demo's referrer report has a `ref-` row and the sharer's record
 * shows its friends. The friends are verified ones: only those count (issue #32).
 */
export const seedShares: DemoStep = async (em) => {
  const [sharer] = await em.query(`SELECT id, share_code, phone FROM preregistration WHERE is_verified AND deleted_at IS NULL ORDER BY id LIMIT 1`);
  if (!sharer) return;
  const source = shareSource(sharer.share_code);
  const referrerId = await ensureReferrer(em, source);
  await em.query(
    `UPDATE preregistration SET utm_source = $1, referrer_id = $2
      WHERE id IN (SELECT id FROM preregistration WHERE id > $3 AND phone <> $4 AND utm_source IS NULL AND deleted_at IS NULL AND is_verified ORDER BY id LIMIT 3)`,
    [source, referrerId, sharer.id, sharer.phone],
  );
  await em.query(
    `UPDATE test_ride SET utm_source = $1, referrer_id = $2
      WHERE id = (SELECT id FROM test_ride WHERE utm_source IS NULL AND phone <> $3 ORDER BY id LIMIT 1)`,
    [source, referrerId, sharer.phone],
  );
};
