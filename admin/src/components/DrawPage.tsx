import { ReactNode, useEffect, useRef, useState } from 'react';
import { Alert, Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { DrawCheck } from './DrawCheck';
import { Title } from 'react-admin';
import { Wheel } from './Wheel';

export interface DrawPageProps {
  heading: string;
  /** null while loading. */
  segments: number[] | null;
  prize: number | null;
  /** A problem to show instead of the wheel. */
  problem?: string | null;
  /** The message and buttons shown once the wheel has stopped. */
  children: ReactNode;
  /** The draw's public id (docs/fairness.md): shown with the result, linked to the public check. */
  drawId?: string | null;
  /** The first 20 hex characters of the draw day's commitment hash (docs/fairness.md, "The chain"): shown under the draw id. */
  fingerprint?: string | null;
}

/**
 * The admin draw screens: the wheel replays the server's prize, then the result shows
 * (and takes the focus, so keyboard and screen-reader users land on it).
 */
export const DrawPage = ({ heading, segments, prize, problem, children, drawId, fingerprint }: DrawPageProps) => {
  const [done, setDone] = useState(false);
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) result.current?.focus();
  }, [done]);
  return (
    <Box sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="Prize Draw" />
      <Card>
        <CardContent sx={{ textAlign: 'center' }}>
          <Typography component="h1" variant="h5">
            {heading}
          </Typography>
          {problem ? (
            <Alert severity="warning" sx={{ mt: 2, textAlign: 'left' }}>
              {problem}
            </Alert>
          ) : !segments || prize === null ? (
            <CircularProgress aria-label="Loading" sx={{ m: 4 }} />
          ) : (
            <Wheel segments={segments} prize={prize} onDone={() => setDone(true)} />
          )}
          {done && (
            <Box ref={result} tabIndex={-1} sx={{ outline: 'none' }}>
              {children}
              {drawId && (
                <Box sx={{ mt: 2 }}>
                  <Typography color="text.secondary" component="span">
                    Draw id{' '}
                  </Typography>
                  <DrawCheck drawId={drawId} fingerprint={fingerprint} />
                </Box>
              )}
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
