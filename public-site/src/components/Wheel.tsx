import { useEffect, useRef, useState } from 'react';
import { lang, num, t } from '../i18n';
import { formatNumber, labelTransform, landingRotation, segmentPath } from '@campaign/domain';

export interface WheelProps {
  /** Amounts on the wheel, clockwise from 12 o'clock (see wheelSegments). */
  segments: number[];
  /** The server's prize: the wheel lands on it. Must be one of the segments. */
  prize: number;
  /** Called once the wheel has stopped (at once when motion is reduced). */
  onDone?: (prize: number) => void;
  /** Wait before spinning (1000 ms after load). */
  delayMs?: number;
  durationMs?: number;
  format?: (amount: number) => string;
}

const COLORS = ['#b91c1c', '#1e3a8a', '#0f766e', '#7c2d12', '#6d28d9', '#9d174d'];
/** Cycle the palette; the last segment never takes the first one's colour (they touch). */
function colorAt(i: number, n: number) {
  const c = i % COLORS.length;
  return n > 1 && i === n - 1 && c === 0 ? COLORS[1] : COLORS[c];
}

/**
 * The prize wheel: our own SVG, turned with a CSS transition. It only replays the server's
 * result: it lands on `prize`. It announces the result in a live region and, when the visitor
 * prefers reduced motion, does not spin but shows the result at once.
 */
export function Wheel({ segments, prize, onDone, delayMs = 1000, durationMs = 5000, format = (amount: number) => formatNumber(amount, lang()) }: WheelProps) {
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [announce, setAnnounce] = useState('');
  const finished = useRef(false);
  const done = useRef(onDone);
  done.current = onDone;

  const finish = () => {
    if (finished.current) return;
    finished.current = true;
    setSpinning(false);
    setAnnounce(t('The wheel stopped at {amount}.', { amount: format(prize) }));
    done.current?.(prize);
  };

  useEffect(() => {
    if (!segments.includes(prize)) return;
    const target = landingRotation(segments.length, segments.indexOf(prize));
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced) {
      setRotation(target % 360);
      finish();
      return;
    }
    let fallback: ReturnType<typeof setTimeout> | undefined;
    const start = setTimeout(() => {
      setSpinning(true);
      setAnnounce(t('The wheel is spinning…'));
      setRotation(target);
      fallback = setTimeout(finish, durationMs + 500); // in case transitionend never fires (hidden tab)
    }, delayMs);
    return () => {
      clearTimeout(start);
      clearTimeout(fallback);
    };
  }, [segments, prize]); // eslint-disable-line react-hooks/exhaustive-deps

  const n = segments.length;
  const fontSize = n > 16 ? 7 : 9;
  return (
    <div className="wheel">
      <div
        className="wheel-disc"
        style={{
          transform: `rotate(${rotation}deg)`,
          transition: spinning ? `transform ${durationMs}ms cubic-bezier(0.15, 0.85, 0.25, 1)` : 'none',
        }}
        onTransitionEnd={(e) => e.target === e.currentTarget && finish()}
      >
        <svg viewBox="-100 -100 200 200" role="img" aria-label={t('Prize wheel with {n} amounts', { n: num(n) })}>
          <circle r="99" fill="#0f172a" />
          {segments.map((amount, i) => {
            const color = colorAt(i, n);
            return (
              <g key={`${amount}-${i}`}>
                {n === 1 ? <circle r="94" fill={color} /> : <path d={segmentPath(i, n, 94)} fill={color} stroke="#fff" strokeWidth="0.8" />}
                <text
                  transform={labelTransform(i, n, 57)}
                  textAnchor="middle"
                  dominantBaseline="central"
                  fontSize={fontSize}
                  fontWeight="700"
                  fill="#fff"
                >
                  {format(amount)}
                </text>
              </g>
            );
          })}
          <circle r="14" fill="#fff" stroke="#0f172a" strokeWidth="3" />
          <circle r="5" fill="#b91c1c" />
        </svg>
      </div>
      <svg className="wheel-pointer" viewBox="0 0 30 36" aria-hidden="true">
        <path d="M2 2h26L15 34z" fill="#f59e0b" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
      </svg>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announce}
      </p>
    </div>
  );
}
