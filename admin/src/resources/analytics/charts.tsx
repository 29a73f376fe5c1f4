import { formatNumber } from '@campaign/domain';
import { ReactNode, useId, useState } from 'react';
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
import { BarChart as MuiBarChart } from '@mui/x-charts/BarChart';
import { LineChart as MuiLineChart } from '@mui/x-charts/LineChart';

/**
 * The analytics charts, drawn by @mui/x-charts (MUI's chart library: axes, scales, sizing to
 * their box, tooltips). Each chart is one role="img" with an aria-label that says what it
 * shows (its numbers are a table behind 'Show table'), colours from the Okabe-Ito palette
 * (safe for colour-blind readers) and, on lines, a marker shape and a dash pattern per series,
 * so no series is told apart by colour alone. The legend is ours (it shows the dashes).
 */

export type Marker = 'circle' | 'square' | 'triangle' | 'diamond';

export interface Series {
  name: string;
  color: string;
  values: number[];
  dash?: string;
  marker?: Marker;
}

const fmt = (n: number) => formatNumber(n);
const count = (v: number | null) => (v === null ? '' : fmt(v));

interface CategoryChartProps {
  categories: string[];
  /** Short text under the axis (e.g. '08-08 BS (11-24)'); the tooltips keep the full category. */
  formatCategory?: (c: string) => string;
  series: Series[];
  label: string;
  height?: number;
}

/** The chart's box: one image for screen readers, described by `label`. */
const Figure = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box role="img" aria-label={label} sx={{ width: '100%', minWidth: 0 }}>
    {children}
  </Box>
);

/**
 * Room for the labels under a horizontal axis: the library drops a label taller than its axis,
 * and the admin's 14 px text measures taller than the default.
 */
const X_AXIS_HEIGHT = 36;

/** Axis text: the full category in tooltips, the short form under the axis. */
const categoryAxis = (categories: string[], formatCategory: (c: string) => string) => ({
  data: categories,
  height: X_AXIS_HEIGHT,
  valueFormatter: (c: string, context: { location: string }) => (context.location === 'tick' ? formatCategory(c) : c),
});

/** Counts are whole: the axis shows no fractions. */
const countAxis = { valueFormatter: (v: number) => fmt(v), tickMinStep: 1 };

/** Lines over categories (days): one per series, with its marker and dash pattern. */
export const LineChart = ({ categories, formatCategory = (c) => c, series, label, height = 260 }: CategoryChartProps) => (
  <Figure label={label}>
    <MuiLineChart
      height={height}
      hideLegend
      skipAnimation
      xAxis={[{ scaleType: 'point', ...categoryAxis(categories, formatCategory) }]}
      yAxis={[{ ...countAxis, min: 0 }]}
      series={series.map((s, i) => ({
        id: `s${i}`,
        label: s.name,
        data: s.values,
        color: s.color,
        // Straight segments: a day's count says nothing about the hours between two days.
        curve: 'linear' as const,
        shape: s.marker ?? 'circle',
        showMark: categories.length <= 45,
        valueFormatter: count,
      }))}
      grid={{ horizontal: true }}
      sx={Object.fromEntries(
        series.map((s, i) => [`& .MuiLineChart-line[data-series="s${i}"]`, { strokeDasharray: s.dash ?? 'none', strokeWidth: 2 }]),
      )}
    />
  </Figure>
);

/** Vertical bars per category (days), side by side per series. */
export const ColumnChart = ({ categories, formatCategory = (c) => c, series, label, height = 260 }: CategoryChartProps) => (
  <Figure label={label}>
    <MuiBarChart
      height={height}
      hideLegend
      skipAnimation
      xAxis={[{ scaleType: 'band', ...categoryAxis(categories, formatCategory) }]}
      yAxis={[{ ...countAxis, min: 0 }]}
      series={series.map((s) => ({ label: s.name, data: s.values, color: s.color, valueFormatter: count }))}
      grid={{ horizontal: true }}
    />
  </Figure>
);

/** Horizontal bars per named category (branches, sources), at most 1000 px wide: longer bars read no better. */
export const BarChart = ({ categories, series, label }: Omit<CategoryChartProps, 'height' | 'formatCategory'>) => {
  // Room for each category's group of bars, and for the longest name beside the axis.
  const height = Math.max(140, 40 + categories.length * (12 + 10 * series.length));
  const nameWidth = Math.min(240, 24 + 8 * Math.max(0, ...categories.map((c) => c.length)));
  return (
    <Figure label={label}>
      <Box sx={{ maxWidth: 1000 }}>
        <MuiBarChart
          layout="horizontal"
          height={height}
          hideLegend
          skipAnimation
          yAxis={[{ scaleType: 'band', data: categories, width: nameWidth }]}
          xAxis={[{ ...countAxis, min: 0, height: X_AXIS_HEIGHT }]}
          series={series.map((s) => ({ label: s.name, data: s.values, color: s.color, valueFormatter: count }))}
          grid={{ vertical: true }}
        />
      </Box>
    </Figure>
  );
};

/** A legend swatch: a line sample with its marker, or a square for bars. */
const MarkerShape = ({ kind = 'circle', x, y, color }: { kind?: Marker; x: number; y: number; color: string }) => {
  const r = 3.5;
  if (kind === 'square') return <rect x={x - r} y={y - r} width={2 * r} height={2 * r} fill={color} />;
  if (kind === 'triangle') return <polygon points={`${x},${y - r - 1} ${x + r + 1},${y + r} ${x - r - 1},${y + r}`} fill={color} />;
  if (kind === 'diamond') return <polygon points={`${x},${y - r - 1} ${x + r + 1},${y} ${x},${y + r + 1} ${x - r - 1},${y}`} fill={color} />;
  return <circle cx={x} cy={y} r={r} fill={color} />;
};

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
