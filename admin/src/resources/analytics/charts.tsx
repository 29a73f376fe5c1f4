import { ComponentType, ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import { bands, labelStep, linePath, niceScale, scaleLinear } from './chartMath';

/**
 * Small SVG charts of our own (no chart library): each is one role="img" with an
 * aria-label that says what it shows, native <title> tooltips on every mark, colours from
 * the Okabe-Ito palette (safe for colour-blind readers) and, on lines, a marker shape and a
 * dash pattern per series, so no series is told apart by colour alone.
 */

export type Marker = 'circle' | 'square' | 'triangle' | 'diamond';

export interface Series {
  name: string;
  color: string;
  values: number[];
  dash?: string;
  marker?: Marker;
}

const FONT = 12;
const AXIS = '#5f6368';
const GRID = '#e0e0e0';

const fmt = (n: number) => n.toLocaleString('en-IN');

/**
 * Draws a chart at its box's width in pixels (measured, and again on resize), so its
 * text stays at its real size instead of being scaled with a viewBox.
 */
function responsive<P extends { width?: number }>(Chart: ComponentType<P & { width: number }>, maxWidth = Infinity) {
  const Responsive = (props: P) => {
    const ref = useRef<HTMLDivElement>(null);
    const [measured, setMeasured] = useState(0);
    useLayoutEffect(() => {
      const el = ref.current;
      if (!el) return;
      const read = () => setMeasured(Math.floor(el.getBoundingClientRect().width));
      read();
      if (typeof ResizeObserver === 'undefined') return;
      const observer = new ResizeObserver(read);
      observer.observe(el);
      return () => observer.disconnect();
    }, []);
    const width = props.width ?? Math.min(maxWidth, Math.max(320, measured || 760));
    // min-width 0 and the svg's max-width let the box shrink with the window; the observer then redraws at the new width.
    return (
      <div ref={ref} style={{ width: '100%', minWidth: 0 }}>
        {measured > 0 || props.width ? <Chart {...props} width={width} /> : null}
      </div>
    );
  };
  return Responsive;
}

const MarkerShape = ({
  kind = 'circle',
  x,
  y,
  color,
  children,
}: {
  kind?: Marker;
  x: number;
  y: number;
  color: string;
  children?: ReactNode;
}) => {
  const r = 3.5;
  if (kind === 'square')
    return (
      <rect x={x - r} y={y - r} width={2 * r} height={2 * r} fill={color}>
        {children}
      </rect>
    );
  if (kind === 'triangle')
    return (
      <polygon points={`${x},${y - r - 1} ${x + r + 1},${y + r} ${x - r - 1},${y + r}`} fill={color}>
        {children}
      </polygon>
    );
  if (kind === 'diamond')
    return (
      <polygon points={`${x},${y - r - 1} ${x + r + 1},${y} ${x},${y + r + 1} ${x - r - 1},${y}`} fill={color}>
        {children}
      </polygon>
    );
  return (
    <circle cx={x} cy={y} r={r} fill={color}>
      {children}
    </circle>
  );
};

/** The y axis: gridlines and tick labels. */
const YAxis = ({ ticks, y, left, width }: { ticks: number[]; y: (v: number) => number; left: number; width: number }) => (
  <g>
    {ticks.map((t) => (
      <g key={t}>
        <line x1={left} x2={left + width} y1={y(t)} y2={y(t)} stroke={GRID} />
        <text x={left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={FONT} fill={AXIS}>
          {fmt(t)}
        </text>
      </g>
    ))}
  </g>
);

interface CategoryChartProps {
  categories: string[];
  /** Short text under the axis (e.g. '21 Nov'); the tooltips keep the full category. */
  formatCategory?: (c: string) => string;
  series: Series[];
  label: string;
  height?: number;
  width?: number;
}

/** Lines over categories (days): one per series, with markers when there is room. */
const LineChartAt = ({
  categories,
  formatCategory = (c) => c,
  series,
  label,
  height = 260,
  width,
}: CategoryChartProps & { width: number }) => {
  const m = { top: 12, right: 16, bottom: 30, left: 48 };
  const w = width - m.left - m.right;
  const h = height - m.top - m.bottom;
  const scale = niceScale(Math.max(0, ...series.flatMap((s) => s.values)));
  const toY = (v: number) => m.top + h - scaleLinear(scale.max, h)(v);
  const b = bands(categories.length, w, 0);
  const x = (i: number) => m.left + b.centre(i);
  const step = labelStep(categories.length, Math.floor(w / 64));
  const markers = categories.length <= 45;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
    >
      <YAxis ticks={scale.ticks} y={toY} left={m.left} width={w} />
      {categories.map((c, i) =>
        i % step === 0 ? (
          <text key={c} x={x(i)} y={height - 10} textAnchor="middle" fontSize={FONT} fill={AXIS}>
            {formatCategory(c)}
          </text>
        ) : null,
      )}
      {series.map((s) => (
        <g key={s.name}>
          <path
            d={linePath(s.values.map((v, i) => [x(i), toY(v)]))}
            fill="none"
            stroke={s.color}
            strokeWidth={2}
            strokeDasharray={s.dash}
          />
          {markers &&
            s.values.map((v, i) => (
              <MarkerShape key={categories[i]} kind={s.marker} x={x(i)} y={toY(v)} color={s.color}>
                <title>{`${s.name}: ${fmt(v)} on ${categories[i]}`}</title>
              </MarkerShape>
            ))}
        </g>
      ))}
    </svg>
  );
};

/** Vertical bars, one group per category, one bar per series. */
const ColumnChartAt = ({
  categories,
  formatCategory = (c) => c,
  series,
  label,
  height = 220,
  width,
}: CategoryChartProps & { width: number }) => {
  const m = { top: 12, right: 12, bottom: 30, left: 44 };
  const w = width - m.left - m.right;
  const h = height - m.top - m.bottom;
  const scale = niceScale(Math.max(0, ...series.flatMap((s) => s.values)));
  const len = scaleLinear(scale.max, h);
  const toY = (v: number) => m.top + h - len(v);
  const b = bands(categories.length, w, 0.25);
  const barW = series.length ? b.inner / series.length : 0;
  const step = labelStep(categories.length, Math.floor(w / 56));
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
    >
      <YAxis ticks={scale.ticks} y={toY} left={m.left} width={w} />
      {categories.map((c, i) => (
        <g key={c}>
          {series.map((s, j) => (
            <rect
              key={s.name}
              x={m.left + b.start(i) + j * barW}
              y={toY(s.values[i] ?? 0)}
              width={Math.max(1, barW - 1)}
              height={len(s.values[i] ?? 0)}
              fill={s.color}
            >
              <title>{`${s.name}: ${fmt(s.values[i] ?? 0)} on ${c}`}</title>
            </rect>
          ))}
          {i % step === 0 && (
            <text x={m.left + b.centre(i)} y={height - 10} textAnchor="middle" fontSize={FONT} fill={AXIS}>
              {formatCategory(c)}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
};

/** Horizontal bars for named categories (branches, sources): the name at the left, the value at the bar's end. */
const BarChartAt = ({ categories, series, label, width }: Omit<CategoryChartProps, 'height' | 'formatCategory'> & { width: number }) => {
  const barH = series.length > 1 ? 9 : 16;
  const gap = series.length > 1 ? 12 : 8;
  const rowH = series.length * barH + gap;
  const m = { top: 4, right: 56, bottom: 4, left: 190 };
  const w = width - m.left - m.right;
  const height = m.top + m.bottom + Math.max(1, categories.length) * rowH;
  const scale = niceScale(Math.max(0, ...series.flatMap((s) => s.values)));
  const len = scaleLinear(scale.max, w);
  const name = (c: string) => (c.length > 28 ? `${c.slice(0, 27)}…` : c);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
    >
      <line x1={m.left} x2={m.left} y1={m.top} y2={height - m.bottom} stroke={GRID} />
      {categories.map((c, i) => {
        const top = m.top + i * rowH + gap / 2;
        return (
          <g key={c}>
            <text x={m.left - 8} y={top + (series.length * barH) / 2} dy="0.32em" textAnchor="end" fontSize={FONT} fill="#202124">
              <title>{c}</title>
              {name(c)}
            </text>
            {series.map((s, j) => {
              const v = s.values[i] ?? 0;
              const y = top + j * barH;
              return (
                <g key={s.name}>
                  <rect x={m.left} y={y} width={Math.max(v > 0 ? 1 : 0, len(v))} height={barH - 1} fill={s.color}>
                    <title>{`${s.name}: ${fmt(v)} (${c})`}</title>
                  </rect>
                  {(v > 0 || series.length === 1) && (
                    <text x={m.left + len(v) + 4} y={y + (barH - 1) / 2} dy="0.32em" fontSize={series.length > 1 ? 10 : FONT} fill={AXIS}>
                      {fmt(v)}
                    </text>
                  )}
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
};

/** Lines over categories (days), at the width of their box. */
export const LineChart = responsive<CategoryChartProps>(LineChartAt);
/** Vertical bars per category, at the width of their box. */
export const ColumnChart = responsive<CategoryChartProps>(ColumnChartAt);
/** Horizontal bars per named category, at the width of their box (at most 1000 px: longer bars read no better). */
export const BarChart = responsive<Omit<CategoryChartProps, 'height' | 'formatCategory'>>(BarChartAt, 1000);

/** The key of a chart, as a list: a line sample with its marker, or a swatch for bars. */
export const Legend = ({ series, kind = 'line' }: { series: Series[]; kind?: 'line' | 'bar' }) => (
  <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mb: 1, fontSize: 14 }}>
    {series.map((s) => (
      <Box component="li" key={s.name} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
        <svg width={kind === 'line' ? 28 : 14} height={14} aria-hidden="true">
          {kind === 'line' ? (
            <>
              <line x1={1} x2={27} y1={7} y2={7} stroke={s.color} strokeWidth={2} strokeDasharray={s.dash} />
              <MarkerShape kind={s.marker} x={14} y={7} color={s.color} />
            </>
          ) : (
            <rect width={14} height={14} fill={s.color} />
          )}
        </svg>
        {s.name}
      </Box>
    ))}
  </Box>
);

export interface TableColumn {
  label: string;
  numeric?: boolean;
}

/** A chart's numbers as a table, for reading exact values and for screen readers. */
export const NumbersTable = ({
  caption,
  columns,
  rows,
  footer,
}: {
  caption: string;
  columns: TableColumn[];
  rows: ReactNode[][];
  footer?: ReactNode[];
}) => (
  <TableContainer sx={{ maxHeight: 420, mt: 1 }}>
    <Table size="small" stickyHeader>
      <caption style={{ captionSide: 'top', textAlign: 'left', padding: '4px 0' }}>{caption}</caption>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
              {c.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow key={i}>
            {r.map((cell, j) => (
              <TableCell
                key={j}
                align={columns[j]?.numeric ? 'right' : 'left'}
                component={j === 0 ? 'th' : 'td'}
                scope={j === 0 ? 'row' : undefined}
              >
                {typeof cell === 'number' ? fmt(cell) : cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
        {footer && (
          <TableRow>
            {footer.map((cell, j) => (
              <TableCell key={j} align={columns[j]?.numeric ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {typeof cell === 'number' ? fmt(cell) : cell}
              </TableCell>
            ))}
          </TableRow>
        )}
      </TableBody>
    </Table>
  </TableContainer>
);

/** A chart in a card with its heading, a line saying what it shows, and a 'Show table' toggle for its numbers. */
export const ChartCard = ({
  title,
  subtitle,
  children,
  table,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  table: ReactNode;
}) => {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Box>
            <Typography id={headingId} component="h2" variant="h6">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </Box>
          <Button
            size="small"
            startIcon={<TableChartOutlinedIcon />}
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? 'Hide table' : 'Show table'}
          </Button>
        </Box>
        <Box sx={{ mt: 1.5 }}>{children}</Box>
        <Box id={tableId} hidden={!showTable}>
          {showTable && table}
        </Box>
      </CardContent>
    </Card>
  );
};
