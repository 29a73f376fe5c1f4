import { useEffect, useMemo, useState } from 'react';
import { Box, Button, CircularProgress, GlobalStyles, Typography } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { CanAccess, RaRecord, useAuthenticated, useDataProvider } from 'react-admin';
import { SERVER_ORDER } from '../../components/listDefaults';
import { AccessDenied } from '../../layout/AccessDenied';
import { PrintHeading } from './PrintHeading';
import { printPages } from './printPages';
import { filtersFromQuery } from './registrationQuery';

/** Print, then close, 100 ms after the cards are on the page. */
export const PRINT_DELAY_MS = 100;

const Cards = () => {
  const { search } = useLocation();
  const filter = useMemo(() => filtersFromQuery(search), [search]);
  const dataProvider = useDataProvider();
  const [rows, setRows] = useState<RaRecord[] | null>(null);
  /** Why the cards could not be loaded: the server's words when it refused the filters (over 10,000 rows: 422). */
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    dataProvider
      .getList('registration', { pagination: { page: 1, perPage: -1 }, sort: SERVER_ORDER, filter, signal: controller.signal })
      .then(
        ({ data }) => setRows(data),
        (e) => {
          if (controller.signal.aborted) return;
          console.warn('registrations failed to load', e);
          const refused = (e as { status?: number; message?: string })?.status === 422 && (e as { message?: string }).message;
          setFailed(refused || 'The registrations could not be loaded.');
        },
      );
    return () => controller.abort();
  }, [dataProvider, filter]);

  useEffect(() => {
    if (!rows) return;
    const timer = setTimeout(() => {
      window.print();
      window.close();
    }, PRINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [rows]);

  if (failed) return <Typography sx={{ p: 3 }}>{failed}</Typography>;
  if (!rows) return <CircularProgress aria-label="Loading" sx={{ m: 4 }} />;
  if (!rows.length) return <Typography sx={{ p: 3 }}>No registrations match these filters.</Typography>;
  return (
    <>
      <Button className="no-print" variant="contained" onClick={() => window.print()} sx={{ m: 2 }}>
        Print
      </Button>
      <PrintHeading filter={filter} count={rows.length} />
      {printPages(rows).map((page, p) => (
        <Box
          key={p}
          component="section"
          aria-label={`Page ${p + 1}`}
          className="print-page"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(2, 1fr)',
            gridAutoRows: '1fr',
            gap: '4mm',
            p: '4mm',
            boxSizing: 'border-box',
          }}
        >
          {page.map((r) => (
            <Box key={r.id} sx={{ border: '1px solid #555', borderRadius: '2mm', p: '3mm 4mm', breakInside: 'avoid', minHeight: '38mm' }}>
              <Typography sx={{ fontWeight: 700, fontSize: '14pt' }}>{r.name}</Typography>
              <Typography sx={{ fontSize: '13pt', letterSpacing: 1 }}>{r.phone}</Typography>
            </Box>
          ))}
        </Box>
      ))}
    </>
  );
};

/**
 * /admin/print (read-registration), without the admin layout: the registrations of the
 * registered list's filters (from the query string) as name/phone cards, 12 per printed
 * page; it prints itself and closes.
 */
export const PrintPage = () => {
  useAuthenticated();
  return (
    <>
      <GlobalStyles
        styles={{
          '@page': { size: 'A4', margin: '8mm' },
          '@media print': { '.no-print': { display: 'none !important' }, body: { background: '#fff' } },
          '.print-page:not(:last-of-type)': { breakAfter: 'page', pageBreakAfter: 'always' },
        }}
      />
      <CanAccess resource="registration" action="list" accessDenied={<AccessDenied />}>
        <Cards />
      </CanAccess>
    </>
  );
};
