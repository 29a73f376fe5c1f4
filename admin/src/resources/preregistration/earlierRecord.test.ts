import { describe, expect, it } from 'vitest';
import { earlierRecords, toPayload } from './earlierRecord';

describe('earlierRecords', () => {
  it('answers the message and the slug of the earlier record under phone and citizenship number', () => {
    expect(
      earlierRecords({
        citizenship_no: ['This citizenship/pan has pending purchase.', 'aB3dE5gH7jK9mN1p'],
        phone: ['This phone number is already pre-registered for this campaign: one pre-registration per customer.', 'aB3dE5gH7jK9mN1p'],
      }),
    ).toEqual({
      citizenship_no: { message: 'This citizenship/pan has pending purchase.', slug: 'aB3dE5gH7jK9mN1p' },
      phone: { message: 'This phone number is already pre-registered for this campaign: one pre-registration per customer.', slug: 'aB3dE5gH7jK9mN1p' },
    });
  });
  it('answers nothing for a message alone, other fields or no errors', () => {
    expect(earlierRecords({ citizenship_no: ['This citizenship/pan has pending purchase.'] })).toEqual({});
    expect(earlierRecords({ name: ['x', 'y'] })).toEqual({});
    expect(earlierRecords(undefined)).toEqual({});
  });
});

describe('toPayload', () => {
  const file = { rawFile: { name: 'shot.png' }, src: 'blob:x' };
  it('keeps the form fields and a newly chosen screenshot while shared is ticked', async () => {
    const out = await toPayload({ id: 's1', name: 'Ram', shared: true, screenshot: file, code: '123456', bike_model: { id: 1 }, branch_id: 3 });
    expect(out).toEqual({ name: 'Ram', shared: true, screenshot: file });
  });
  it('carries branch_id on an edit', async () => {
    expect(await toPayload({ name: 'Ram', branch_id: 3 }, { edit: true })).toEqual({ name: 'Ram', branch_id: 3 });
    expect(await toPayload({ name: 'Ram', branch_id: null }, { edit: true })).toEqual({ name: 'Ram', branch_id: null });
  });
  it('scales a new screenshot file before it is sent', async () => {
    const raw = new File(['x'], 'big.png', { type: 'image/png' });
    const small = new File(['y'], 'big.jpg', { type: 'image/jpeg' });
    const out = await toPayload({ shared: true, screenshot: { rawFile: raw } }, { scale: async () => small });
    expect(out.screenshot).toEqual({ rawFile: small });
  });
  it('drops the stored screenshot, and any screenshot once shared is unticked', async () => {
    expect((await toPayload({ shared: true, screenshot: { url: '/uploads/a.png' } })).screenshot).toBeUndefined();
    expect((await toPayload({ shared: false, screenshot: file })).screenshot).toBeUndefined();
  });
});
