/** TypeORM answers an UPDATE or DELETE ... RETURNING on PostgreSQL as [rows, affected count]; this is the rows. */
export const returned = <T>(result: unknown): T[] => (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
