import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, Grid, Typography } from '@mui/material';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { CAPTCHA_OFF_WARNING, formatPercent, statCards, Stats, STATS_REFRESH_MS } from './stats';

/**
 * Total Sales, Pre-Registrations and Daily Sales from GET /stats, each with its change
 * against yesterday; read again every 60 s. A failed read keeps the last
 * numbers (table and stat load failures are only logged).
 */
export const StatCards = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [stats, setStats] = useState<Stats | null>(null);
  useEffect(() => {
    let alive = true;
    const load = () =>
      dataProvider.getObject<Stats>('/stats').then(
        (s) => alive && setStats(s),
        (e) => console.warn('stats failed to load', e),
      );
    load();
    const timer = setInterval(load, STATS_REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [dataProvider]);

  return (
    <>
      {stats?.captcha_off && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {CAPTCHA_OFF_WARNING}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ mt: 1, mb: 1 }} component="section" aria-label="Statistics">
        {(stats ? statCards(stats) : PLACEHOLDERS).map((card) => {
          const up = card.change >= 0.005;
          const down = card.change <= -0.005;
          const Icon = up ? TrendingUpIcon : down ? TrendingDownIcon : TrendingFlatIcon;
          return (
            <Grid key={card.title} size={{ xs: 12, sm: 4 }}>
              <Card>
                <CardContent>
                  <Typography component="h2" variant="subtitle2" color="text.secondary">
                    {card.title}
                  </Typography>
                  <Typography variant="h4" component="p" sx={{ my: 0.5 }}>
                    {stats ? card.value.toLocaleString('en-IN') : '…'}
                  </Typography>
                  <Box
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 0.5,
                      color: up ? 'success.main' : down ? 'error.main' : 'text.secondary',
                    }}
                  >
                    <Icon fontSize="small" aria-hidden />
                    <Typography variant="body2" component="span">
                      {stats ? `${formatPercent(card.change)} since yesterday` : ' '}
                    </Typography>
                  </Box>
                </CardContent>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </>
  );
};

const PLACEHOLDERS = statCards({
  total: 0,
  preregistrations: 0,
  preregistrations_today: 0,
  preregistrations_yesterday: 0,
  sales_today: 0,
  sales_yesterday: 0,
});
