import { drawOutcome, formatDrawId, rupees } from '@campaign/domain';
import { Alert, AlertColor, Box, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { DrawCheckResult } from './drawVerify';

/**
 * A record's draw as the public can check it (docs/fairness.md): its public id, linked to
 * /fairness, and once the day has ended the verdict recomputed here with the shared verifier
 * and each roll against its chance. The same answer a customer gets on the public page.
 */
const problemsOf = (r: DrawCheckResult) => [...(r.dayProblems ?? []), ...r.drawProblems];

/** The same verdict the public page gives (`drawOutcome`), in the staff's words; a failing one lists its problems. */
const VERDICT: Record<ReturnType<typeof drawOutcome>, { severity: AlertColor; text?: string }> = {
  ok: { severity: 'success', text: 'Checked: drawn fairly from the seed and scheme published before the day.' },
  late: {
    severity: 'warning',
    text: 'Checks out, but the day was committed late (after it began: the server was not running at 22:00 the evening before). The seed and scheme match their fingerprints and the draw recomputes as recorded.',
  },
  bad: { severity: 'error' },
  hidden: { severity: 'info', text: 'Recorded. Checkable once the day has ended (its seed is published then).' },
};

/** The draw day's fingerprint (docs/fairness.md, "The chain"): what the customer's prize SMS carries, to compare. */
export const DayFingerprint = ({ fingerprint }: { fingerprint?: string | null }) =>
  fingerprint ? (
    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
      Fingerprint of the day's commitment:{' '}
      <Box component="code" sx={{ fontFamily: 'monospace' }}>
        {fingerprint}
      </Box>
    </Typography>
  ) : null;

export const DrawCheck = ({ drawId, fingerprint }: { drawId: string; fingerprint?: string | null }) => {
  const [result, setResult] = useState<DrawCheckResult | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    import('./drawVerify')
      .then(({ checkDraw }) => checkDraw(drawId))
      .then((r) => live && setResult(r))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [drawId]);
  return (
    <Box>
      <Typography component="span">
        <strong>{formatDrawId(drawId)}</strong>{' '}
        <Link href={`/fairness?draw=${drawId}`} target="_blank" rel="noopener">
          public check
        </Link>
      </Typography>
      <DayFingerprint fingerprint={fingerprint} />
      {error && <Alert severity="warning">{error}</Alert>}
      {result && result.dayProblems === null && (
        <Typography color="text.secondary" variant="body2">
          Recorded. Checkable once the day has ended (its seed is published then).
        </Typography>
      )}
      {result && result.dayProblems !== null && (
        <>
          <Alert severity={VERDICT[drawOutcome(result)].severity} sx={{ my: 1 }}>
            {VERDICT[drawOutcome(result)].text ?? `Does not check out: ${problemsOf(result).join(' ')}`}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            {result.draw.considered
              .map((c) => {
                const r = result.rolls.find((x) => x.allocation_id === c.allocation_id);
                return `${rupees(c.amount)} at ${c.threshold / 100}%: roll ${r?.roll ?? '–'}${c.won ? (c.claimed ? ' (won)' : ' (won, stock gone)') : ''}`;
              })
              .join(' · ') || 'No special prize had stock: the base prize.'}
          </Typography>
        </>
      )}
    </Box>
  );
};
