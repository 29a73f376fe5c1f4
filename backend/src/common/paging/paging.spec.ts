import { UnprocessableError } from '../http/errors';
import { escapeLike, PageQuery, parsePageQuery, TableSpec } from './paging';

const spec: TableSpec = { orderable: { name: 'u.name', email: 'u.email' }, searchable: ['u.name'], defaultOrder: ['name', 'ASC'] };

describe('parsePageQuery', () => {
  it('defaults to the first 10 rows in the default order', () => {
    expect(parsePageQuery({}, spec)).toEqual({ draw: 0, start: 0, length: 10, order: [['u.name', 'ASC']], search: '' });
  });

  it('reads order by column index through columns[i][data], and echoes draw', () => {
    const q = { draw: '7', start: '20', length: '5', columns: [{ data: 'name' }, { data: 'email' }], order: [{ column: '1', dir: 'desc' }], search: { value: ' ram ' } };
    expect(parsePageQuery(q, spec)).toEqual({ draw: 7, start: 20, length: 5, order: [['u.email', 'DESC']], search: 'ram' });
  });

  it('refuses an order or columns index at or beyond the column count before building from it', () => {
    const at = (q: PageQuery) => {
      try {
        parsePageQuery(q, spec);
      } catch (e) {
        return (e as UnprocessableError).getResponse();
      }
      return 'accepted';
    };
    expect(at({ order: { '2': { column: '0' } } })).toMatchObject({ errors: { order: ['The order index must be below 2, the number of columns of this table.'] } });
    expect(at({ columns: { '100000000': { data: 'name' } } })).toMatchObject({ errors: { columns: ['The columns index must be below 2, the number of columns of this table.'] } });
    expect(at({ order: { '1': { column: '1' } }, columns: { '1': { data: 'email' } } })).toBe('accepted');
  });

  it('accepts length -1 (all rows)', () => {
    expect(parsePageQuery({ length: '-1' }, spec).length).toBe(-1);
  });

  it.each([
    [{ columns: [{ data: 'password' }], order: [{ column: '0', dir: 'asc' }] }, 'order'],
    [{ columns: [{ data: 'name' }], order: [{ column: '0', dir: 'sideways' }] }, 'order'],
    [{ length: '0' }, 'length'],
    [{ length: '100000' }, 'length'],
    [{ start: '-3' }, 'start'],
    [{ start: 'abc' }, 'start'],
  ])('refuses %j with a 422 under %s', (q, field) => {
    try {
      parsePageQuery(q as never, spec);
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(UnprocessableError);
      expect(Object.keys((e as UnprocessableError).errors)).toEqual([field]);
    }
  });

  it('escapes LIKE wildcards in the search', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
