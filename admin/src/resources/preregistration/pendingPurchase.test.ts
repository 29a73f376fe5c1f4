import { describe, expect, it } from 'vitest';
import { PENDING_PURCHASE, pendingPurchaseSlug, toPayload } from './pendingPurchase';

describe('pendingPurchaseSlug', () => {
  it('answers the second element of the pending-purchase error', () => {
    expect(pendingPurchaseSlug({ citizenship_no: [PENDING_PURCHASE, 'aB3dE5gH7jK9mN1p'] })).toBe('aB3dE5gH7jK9mN1p');
  });
  it('answers null for other errors or the message alone', () => {
    expect(pendingPurchaseSlug({ citizenship_no: [PENDING_PURCHASE] })).toBeNull();
    expect(pendingPurchaseSlug({ citizenship_no: ['The citizenship no field is required.', 'x'] })).toBeNull();
    expect(pendingPurchaseSlug({ phone: ['x'] })).toBeNull();
    expect(pendingPurchaseSlug(undefined)).toBeNull();
  });
});

describe('toPayload', () => {
  const file = { rawFile: { name: 'shot.png' }, src: 'blob:x' };
  it('keeps the form fields and a newly chosen screenshot while shared is ticked', () => {
    const out = toPayload({ id: 's1', name: 'Ram', shared: true, screenshot: file, code: '123456', bike_model: { id: 1 } });
    expect(out).toEqual({ name: 'Ram', shared: true, screenshot: file });
  });
  it('drops the stored screenshot, and any screenshot once shared is unticked', () => {
    expect(toPayload({ shared: true, screenshot: { url: '/uploads/a.png' } }).screenshot).toBeUndefined();
    expect(toPayload({ shared: false, screenshot: file }).screenshot).toBeUndefined();
  });
});
