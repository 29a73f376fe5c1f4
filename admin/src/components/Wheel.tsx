import { formatNumber, labelTransform, landingRotation, rupees, segmentPath } from '@campaign/domain';
import { useEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { visuallyHidden } from './visuallyHidden';

/** The wheel starts 1000 ms after the page has loaded. */
export const WHEEL_START_DELAY_MS = 1000;
export const WHEEL_SPIN_MS = 5000;

const COLOURS = ['#b71c1c', '#263238', '#1565c0', '#2e7d32', '#6a1b9a', '#e65100'];
/** Cycles the palette; the last segment never takes the first one's colour (they touch). */
const colourAt = (i: number, n: number) => (n > 1 && i === n - 1 && i % COLOURS.length === 0 ? COLOURS[1] : COLOURS[i % COLOURS.length]);

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export interface WheelProps {
  /** Amounts clockwise from 12 o'clock (see wheelSegments). */
  segments: number[];
  /** The server's result: the wheel lands on it. */
  prize: number;
  /** Called once when the wheel has stopped (at once with reduced motion). */
  onDone?: () => void;
  delayMs?: number;
  durationMs?: number;
  /** What the live region says when the wheel stops. */
  announce?: (prize: number) => string;
}

/**
 * The prize wheel: our own SVG, turned by a CSS transition. The server has drawn the
 * prize already; the wheel only replays it (docs/fairness.md, "3. The draw"). The result is announced in
 * an aria-live region; with prefers-reduced-motion the wheel does not spin.
 */
export const Wheel = ({
  segments,
  prize,
  onDone,
  delayMs = WHEEL_START_DELAY_MS,
  durationMs = WHEEL_SPIN_MS,
  announce = (p) => `The wheel stopped at ${rupees(p)}.`,
}: WheelProps) => {
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [status, setStatus] = useState('');
  const finished = useRef(false);
  const latest = useRef({ onDone, announce });
  latest.current = { onDone, announce };

  const finish = () => {
    if (finished.current) return;
    finished.current = true;
    setSpinning(false);
    setStatus(latest.current.announce(prize));
    latest.current.onDone?.();
  };

  useEffect(() => {
    const index = segments.indexOf(prize);
    if (index < 0) return;
    finished.current = false;
    const target = landingRotation(segments.length, index);
    if (prefersReducedMotion()) {
      setRotation(target % 360);
      finish();
      return;
    }
    let fallback: ReturnType<typeof setTimeout> | undefined;
    const start = setTimeout(() => {
      setStatus('The wheel is spinning…');
      setSpinning(true);
      setRotation(target);
      // transitionend does not fire in a hidden tab: stop anyway.
      fallback = setTimeout(finish, durationMs + 500);
    }, delayMs);
    return () => {
      clearTimeout(start);
      clearTimeout(fallback);
    };
    // The wheel runs once per set of segments and prize.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [segments, prize]);

  const n = segments.length;
  return (
    <Box sx={{ position: 'relative', width: 'min(100%, 360px)', aspectRatio: '1', mx: 'auto', my: 2 }}>
      <Box
        data-testid="wheel-disc"
        onTransitionEnd={(e) => e.target === e.currentTarget && finish()}
        sx={{
          width: '100%',
          height: '100%',
          transform: `rotate(${rotation}deg)`,
          transition: spinning ? `transform ${durationMs}ms cubic-bezier(0.15, 0.85, 0.25, 1)` : 'none',
          willChange: 'transform',
        }}
      >
        <svg viewBox="-100 -100 200 200" width="100%" height="100%" role="img" aria-label={`Prize wheel with ${n} amounts`}>
          <circle r="99" fill="#212121" />
          {segments.map((amount, i) => (
            <g key={`${amount}-${i}`}>
              {n === 1 ? (
                <circle r="94" fill={colourAt(i, n)} />
              ) : (
                <path d={segmentPath(i, n, 94)} fill={colourAt(i, n)} stroke="#fff" strokeWidth="0.8" />
              )}
              <text
                transform={labelTransform(i, n, 58)}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize={n > 14 ? 7.5 : 9}
                fontWeight="700"
                fill="#fff"
              >
                {formatNumber(amount)}
              </text>
            </g>
          ))}
          <circle r="14" fill="#fff" stroke="#212121" strokeWidth="3" />
          <circle r="5" fill="#b71c1c" />
        </svg>
      </Box>
      <Box
        component="svg"
        viewBox="0 0 30 36"
        aria-hidden="true"
        sx={{
          position: 'absolute',
          top: -8,
          left: '50%',
          width: 30,
          height: 36,
          transform: 'translateX(-50%)',
          filter: 'drop-shadow(0 2px 2px rgba(0,0,0,.35))',
        }}
      >
        <path d="M2 2h26L15 34z" fill="#ffb300" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
      </Box>
      <Box component="p" aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
        {status}
      </Box>
    </Box>
  );
};
