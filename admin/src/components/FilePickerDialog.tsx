import { ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ImageList,
  ImageListItem,
  ImageListItemBar,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider, UploadedFile } from '../providers/dataProvider';

/** A single selection confirms itself after 200 ms. */
export const AUTO_CONFIRM_MS = 200;
export const UPLOAD_FAILED = 'Something went wrong! Please check the file and try again.';

export interface FilePickerDialogProps {
  open: boolean;
  type?: 'image' | 'file';
  multiple?: boolean;
  onClose: () => void;
  onSelect: (files: UploadedFile[]) => void;
}

/**
 * The generic file picker: 'Select Or Upload File', an upload button and
 * a grid of the files already uploaded (GET /file?type=...). Upload is POST /upload.
 */
export const FilePickerDialog = ({ open, type = 'image', multiple = false, onClose, onSelect }: FilePickerDialogProps) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [loading, setLoading] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [selected, setSelected] = useState<UploadedFile[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setFiles(await dataProvider.getAll<UploadedFile>('/file', { type }));
    } catch {
      // Table load failures are only logged; the upload still works.
      console.warn('file list failed to load');
    } finally {
      setLoading(false);
    }
  }, [dataProvider, type]);

  useEffect(() => {
    if (!open) return;
    setSelected([]);
    load();
    return () => clearTimeout(timer.current);
  }, [open, load]);

  const pick = (file: UploadedFile) => {
    if (!multiple) {
      setSelected([file]);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => onSelect([file]), AUTO_CONFIRM_MS);
      return;
    }
    setSelected((s) => (s.some((f) => f.id === file.id) ? s.filter((f) => f.id !== file.id) : [...s, file]));
  };

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (!chosen.length) return;
    setUploading(true);
    try {
      const added = await dataProvider.upload(type, chosen);
      setFiles((list) => [...added, ...list.filter((f) => !added.some((a) => a.id === f.id))]);
      setSelected((s) => (multiple ? [...s, ...added] : added.slice(0, 1)));
    } catch {
      notify(UPLOAD_FAILED, { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  const isSelected = (f: UploadedFile) => selected.some((s) => s.id === f.id);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="file-picker-title">
      <DialogTitle id="file-picker-title">Select Or Upload File</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 2 }}>
          <Button variant="outlined" startIcon={uploading ? <CircularProgress size={16} /> : <UploadIcon />} disabled={uploading} onClick={() => input.current?.click()}>
            Upload
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            multiple={multiple}
            accept={type === 'image' ? 'image/jpeg,image/png,image/webp' : undefined}
            onChange={upload}
            aria-label="Upload file"
            data-testid="file-picker-upload"
          />
          {multiple && <Typography variant="body2">{selected.length} selected</Typography>}
        </Box>
        {loading && !files.length ? (
          <CircularProgress aria-label="Loading files" />
        ) : files.length === 0 ? (
          <Typography color="text.secondary">No files yet. Upload one.</Typography>
        ) : (
          <ImageList cols={4} gap={8} rowHeight={140} role="listbox" aria-label="Files" aria-multiselectable={multiple}>
            {files.map((f) => (
              <ImageListItem
                key={f.id}
                role="option"
                aria-selected={isSelected(f)}
                aria-label={f.filename}
                tabIndex={0}
                onClick={() => pick(f)}
                onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), pick(f))}
                sx={{
                  cursor: 'pointer',
                  outline: isSelected(f) ? '3px solid' : '1px solid',
                  outlineColor: isSelected(f) ? 'primary.main' : 'divider',
                  borderRadius: 1,
                  overflow: 'hidden',
                }}
              >
                {type === 'image' ? (
                  <img src={f.thumbnail || f.url} alt={f.filename} loading="lazy" style={{ height: '100%', objectFit: 'cover' }} />
                ) : (
                  <Box sx={{ p: 2 }}>{f.filename}</Box>
                )}
                <ImageListItemBar title={f.filename} actionIcon={isSelected(f) ? <CheckCircleIcon sx={{ color: 'white', mr: 1 }} /> : undefined} />
              </ImageListItem>
            ))}
          </ImageList>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {multiple && (
          <Button variant="contained" disabled={!selected.length} onClick={() => onSelect(selected)}>
            Select
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
