import { useState } from 'react';
import { Button } from 'react-admin';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';

/** Downloads an export (an .xlsx: docs/decisions.md, "Exports are") with the bearer token and saves it under `filename`. */
export const DownloadButton = ({ path, filename, query }: { path: string; filename: string; query?: Record<string, string | number | undefined> }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await dataProvider.download(path, filename, query);
    } catch (e) {
      notify((e as Error).message || 'Download failed.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="Download" onClick={click} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
};
