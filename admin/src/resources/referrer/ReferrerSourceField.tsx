import { useRecordContext } from 'react-admin';

/**
 * A referrer's utm_source. The "other" row (every source the report does not know: an unknown
 * utm_source is kept on its record and counted there, never given a row of its own) also
 * lists the values it counts, the most frequent first, and how many more there are.
 */
export const ReferrerSourceField = () => {
  const record = useRecordContext();
  if (!record) return null;
  const values = Array.isArray(record.values) ? (record.values as string[]) : null;
  if (!values) return <>{record.utm_source}</>;
  const more = Math.max(0, Number(record.values_count ?? values.length) - values.length);
  return (
    <>
      {record.utm_source}
      {values.length > 0 && (
        <span style={{ display: 'block', fontSize: '0.8em', opacity: 0.75 }}>
          {values.join(', ')}
          {more > 0 && ` and ${more} more`}
        </span>
      )}
    </>
  );
};
