import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useGetIdentity } from 'react-admin';
import { useAllowedMenu } from '../layout/allowedMenu';
import type { Identity } from '../providers/authProvider';

/**
 * /admin: who is signed in and a card for each section they may open. (The registered
 * list and its stats take this place once registrations exist.)
 */
export const Dashboard = () => {
  const { identity } = useGetIdentity();
  const me = identity as Identity | undefined;
  const sections = useAllowedMenu().filter((m) => m.to !== '');
  return (
    <>
      <Title title="Dashboard" />
      <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
        Welcome{me ? `, ${me.fullName}` : ''}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {me ? `${me.role.title} · ${me.branch?.title ?? 'Head Office'}` : ''}
      </Typography>
      <Grid container spacing={2}>
        {sections.map((s) => (
            <Grid key={s.to} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card>
                <CardActionArea component={Link} to={`/admin/${s.to}`}>
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    {s.icon}
                    <Typography variant="h6">{s.label}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
      </Grid>
    </>
  );
};
