import { prizeLabel } from '@campaign/domain';
import { useMemo, useState } from 'react';
import { Alert, Box, Button, ButtonGroup, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { BsDateField } from '../../components/BsDateInput';
import { addDays } from '../../components/dateFilters';
import { nepalToday } from '../../components/format';
import { ALLOCATED_COLOR, AWARDED_COLOR, METRICS, prizeTiers, totals } from './analyticsData';
import { BarChart, ChartCard, ColumnChart, Legend, LineChart, NumbersTable, Series } from './charts';
import { describeSeries, percent, shortDay, sum } from './chartMath';
import { type Analytics, useAnalytics } from './useAnalytics';

const PRESETS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
];

/** From/To (Nepal days, both included), each also typed in BS beside it, with quick periods ending today. */
const PeriodFilter = ({
  from,
  to,
  onChange,
  shown,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  shown?: { from: string; to: string };
}) => {
  const today = nepalToday();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <TextField
        type="date"
        size="small"
        label="From"
        sx={{ width: 180 }}
        value={from || shown?.from || ''}
        onChange={(e) => onChange(e.target.value, to || shown?.to || '')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <BsDateField
        label="From (BS)"
        sx={{ width: 180 }}
        value={from || shown?.from || ''}
        onChange={(day) => onChange(day ?? '', to || shown?.to || '')}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        sx={{ width: 180 }}
        value={to || shown?.to || ''}
        onChange={(e) => onChange(from || shown?.from || '', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <BsDateField
        label="To (BS)"
        sx={{ width: 180 }}
        value={to || shown?.to || ''}
        onChange={(day) => onChange(from || shown?.from || '', day ?? '')}
      />
      <ButtonGroup size="small" aria-label="Quick periods">
        {PRESETS.map((p) => (
          <Button key={p.days} onClick={() => onChange(addDays(today, -(p.days - 1)), today)}>
            {p.label}
          </Button>
        ))}
      </ButtonGroup>
      <Typography variant="body2" color="text.secondary">
        Days are Nepal days (Asia/Kathmandu).
      </Typography>
    </Box>
  );
};

const Tile = ({ label, value, note }: { label: string; value: number; note?: string }) => (
  <Card sx={{ flex: '1 1 180px' }}>
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="p" variant="h4">
        {value.toLocaleString('en-IN')}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
    </CardContent>
  </Card>
);

const periodText = (a: Analytics) => `${a.from} to ${a.to}`;

const Activity = ({ a }: { a: Analytics }) => {
  const days = a.days.map((d) => d.day);
  const series: Series[] = METRICS.map((m) => ({
    name: m.name,
    color: m.color,
    dash: m.dash,
    marker: m.marker,
    values: a.days.map((d) => d[m.key]),
  }));
  const t = totals(a.days);
  const label = `Line chart per day, ${periodText(a)}: ${series.map((s) => describeSeries(s.name, days, s.values)).join('; ')}.`;
  return (
    <ChartCard
      title="Activity per day"
      subtitle="Pre-registrations, verifications, sales and test rides each Nepal day."
      table={
        <NumbersTable
          caption={`Activity per day, ${periodText(a)}`}
          columns={[{ label: 'Day' }, ...METRICS.map((m) => ({ label: m.name, numeric: true }))]}
          rows={a.days.map((d) => [d.day, ...METRICS.map((m) => d[m.key])])}
          footer={['Total', ...METRICS.map((m) => t[m.key])]}
        />
      }
    >
      <Legend series={series} />
      <LineChart categories={days} formatCategory={shortDay} series={series} label={label} />
    </ChartCard>
  );
};

const Branches = ({ a }: { a: Analytics }) => {
  const names = a.branches.map((b) => b.title);
  const series: Series[] = METRICS.map((m) => ({ name: m.name, color: m.color, values: a.branches.map((b) => b[m.key]) }));
  const leaders = series.map((s) => describeSeries(s.name, names, s.values).replace(' on ', ' at ')).join('; ');
  return (
    <ChartCard
      title="Per branch"
      subtitle={`The same four numbers for each branch over ${periodText(a)}.`}
      table={
        <NumbersTable
          caption={`Per branch, ${periodText(a)}`}
          columns={[{ label: 'Branch' }, ...METRICS.map((m) => ({ label: m.name, numeric: true }))]}
          rows={a.branches.map((b) => [b.title, ...METRICS.map((m) => b[m.key])])}
          footer={['Total', ...METRICS.map((m) => totals(a.branches)[m.key])]}
        />
      }
    >
      <Legend series={series} kind="bar" />
      {a.branches.length ? (
        <BarChart categories={names} series={series} label={`Bar chart per branch, ${periodText(a)}: ${leaders}.`} />
      ) : (
        <Typography color="text.secondary">No branch to show.</Typography>
      )}
    </ChartCard>
  );
};

const Sources = ({ a }: { a: Analytics }) => {
  const names = a.sources.map((s) => s.source ?? 'Not given');
  const values = a.sources.map((s) => s.preregistrations);
  const total = sum(values);
  const series: Series[] = [{ name: 'Pre-registrations', color: METRICS[0].color, values }];
  const top = a.sources.slice(0, 3).map((s) => `${s.source ?? 'Not given'} ${s.preregistrations} (${percent(s.preregistrations, total)})`);
  return (
    <ChartCard
      title="Pre-registrations by source"
      subtitle="Where the customers heard about the campaign (the form's 'Where did you hear about us')."
      table={
        <NumbersTable
          caption={`Pre-registrations by source, ${periodText(a)}`}
          columns={[{ label: 'Source' }, { label: 'Pre-registrations', numeric: true }, { label: 'Share', numeric: true }]}
          rows={a.sources.map((s) => [s.source ?? 'Not given', s.preregistrations, percent(s.preregistrations, total)])}
          footer={['Total', total, total ? '100.0%' : '—']}
        />
      }
    >
      {total ? (
        <BarChart
          categories={names}
          series={series}
          label={`Bar chart of pre-registrations by source, ${periodText(a)}: ${total} in all; most from ${top.join(', ')}.`}
        />
      ) : (
        <Typography color="text.secondary">No pre-registration in this period.</Typography>
      )}
    </ChartCard>
  );
};

const Prizes = ({ a }: { a: Analytics }) => {
  const days = a.days.map((d) => d.day);
  const tiers = prizeTiers(days, a.prizes);
  const rows = a.prizes
    .filter((p) => p.allocated || p.awarded)
    .sort((x, y) => (x.day === y.day ? y.amount - x.amount : x.day < y.day ? -1 : 1));
  const legend: Series[] = [
    { name: 'Allocated', color: ALLOCATED_COLOR, values: [] },
    { name: 'Awarded', color: AWARDED_COLOR, values: [] },
  ];
  return (
    <ChartCard
      title="Prizes: awarded against allocated"
      subtitle="Per prize and Nepal day: the scheme's stock (allocated) and the draws won (awarded). Base prizes, given when no special prize is won, have no stock."
      table={
        <NumbersTable
          caption={`Prizes per day and amount, ${periodText(a)}`}
          columns={[
            { label: 'Day' },
            { label: 'Prize' },
            { label: 'Allocated', numeric: true },
            { label: 'Awarded', numeric: true },
            { label: 'Left', numeric: true },
          ]}
          rows={rows.map((p) => [
            p.day,
            prizeLabel(p.amount),
            p.allocated,
            p.awarded,
            p.allocated ? Math.max(0, p.allocated - p.awarded) : '—',
          ])}
          footer={['Total', '', sum(rows.map((p) => p.allocated)), sum(rows.map((p) => p.awarded)), '']}
        />
      }
    >
      <Legend series={legend} kind="bar" />
      {tiers.length ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
          {tiers.map((t) => (
            <Box key={t.amount} component="figure" sx={{ m: 0 }}>
              <Typography component="figcaption" variant="subtitle2">
                {prizeLabel(t.amount)}: {t.totalAwarded.toLocaleString('en-IN')} awarded
                {t.totalAllocated
                  ? ` of ${t.totalAllocated.toLocaleString('en-IN')} allocated (${percent(t.totalAwarded, t.totalAllocated)})`
                  : ', none allocated in this period'}
              </Typography>
              <ColumnChart
                categories={days}
                formatCategory={shortDay}
                height={170}
                series={[
                  { name: 'Allocated', color: ALLOCATED_COLOR, values: t.allocated },
                  { name: 'Awarded', color: AWARDED_COLOR, values: t.awarded },
                ]}
                label={`Column chart for the ${prizeLabel(t.amount)} prize per day, ${periodText(a)}: ${describeSeries('allocated', days, t.allocated)}; ${describeSeries('awarded', days, t.awarded)}.`}
              />
            </Box>
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">No prize allocated or awarded in this period.</Typography>
      )}
    </ChartCard>
  );
};

/**
 * /admin/analytics (send-sms): what a head office reads at a glance over the campaign's
 * days (Nepal time): the period's totals, activity per day, per branch, pre-registrations
 * by source, and prizes awarded against allocated per day and prize. Each chart can show
 * its numbers as a table. Branch staff see their branch's numbers (the server scopes them).
 */
export const AnalyticsPage = () => {
  const [period, setPeriod] = useState({ from: '', to: '' });
  const { data, error, isPending } = useAnalytics(period.from, period.to);
  const t = useMemo(() => (data ? totals(data.days) : null), [data]);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Analytics" />
      <PeriodFilter from={period.from} to={period.to} shown={data ?? undefined} onChange={(from, to) => setPeriod({ from, to })} />
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {error.message || 'The analytics could not be loaded.'}
        </Alert>
      )}
      {isPending && !data && <CircularProgress aria-label="Loading analytics" />}
      {data && t && (
        <Box aria-busy={isPending} sx={{ opacity: isPending ? 0.6 : 1, transition: 'opacity 200ms' }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            <Tile label="Pre-registrations" value={t.preregistrations} />
            <Tile
              label="Verifications"
              value={t.verifications}
              note={`${percent(t.verifications, t.preregistrations)} of pre-registrations`}
            />
            <Tile label="Sales" value={t.sales} note={`${percent(t.sales, t.verifications)} of verifications`} />
            <Tile label="Test rides" value={t.test_rides} />
          </Box>
          <Activity a={data} />
          <Branches a={data} />
          <Sources a={data} />
          <Prizes a={data} />
        </Box>
      )}
    </Box>
  );
};
