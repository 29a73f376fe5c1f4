import { Box } from '@mui/material';
import { useFieldValue, useRecordContext } from 'react-admin';

/** An image as records carry it: `{ url, thumbnail }` (full size and small). */
export interface ImageRef {
  url?: string | null;
  thumbnail?: string | null;
}

export const imageUrl = (img: unknown, size: 'url' | 'thumbnail' = 'url'): string | undefined => {
  if (!img) return undefined;
  if (typeof img === 'string') return img;
  const ref = img as ImageRef;
  return (size === 'thumbnail' ? (ref.thumbnail ?? ref.url) : (ref.url ?? ref.thumbnail)) ?? undefined;
};

/** Shows the record's image at `source` (full size on detail pages, small in lists). */
export const ThumbnailField = ({
  source = 'thumbnail',
  size = 'url',
  alt,
  maxHeight = 240,
}: {
  source?: string;
  size?: 'url' | 'thumbnail';
  alt?: string;
  maxHeight?: number;
  label?: string;
}) => {
  const record = useRecordContext();
  const value = useFieldValue({ source });
  const src = imageUrl(value, size);
  if (!src) return <span>—</span>;
  const text = alt ?? String(record?.title ?? record?.name ?? 'Image');
  return (
    <Box component="a" href={imageUrl(value, 'url')} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-block' }}>
      <Box component="img" src={src} alt={text} sx={{ maxHeight, maxWidth: '100%', borderRadius: 1, display: 'block' }} />
    </Box>
  );
};
