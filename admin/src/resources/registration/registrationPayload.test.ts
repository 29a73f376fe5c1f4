import { describe, expect, it } from 'vitest';
import { prefillFromPreregistration, toRegistrationPayload } from './registrationPayload';

describe('prefillFromPreregistration', () => {
  it('copies the customer from the pre-registration and defaults payment to CASH', () => {
    const values = prefillFromPreregistration({
      id: 'aB3dE5gH7jK9mN1p',
      slug: 'aB3dE5gH7jK9mN1p',
      name: 'Ram Thapa',
      address: 'Teku',
      citizenship_no: '123',
      phone: '9841234567',
      email: null,
      bike_model_id: 2,
      roadie: 'Roadie One',
      prize: 3000,
      code: '123456',
    });
    expect(values).toMatchObject({
      preregistration_id: 'aB3dE5gH7jK9mN1p',
      name: 'Ram Thapa',
      phone: '9841234567',
      bike_model_id: 2,
      roadie: 'Roadie One',
      payment_mode: 'CASH',
      shared: false,
    });
    expect(values).not.toHaveProperty('prize');
    expect(values).not.toHaveProperty('code');
  });
});

describe('toRegistrationPayload', () => {
  it('sends the form fields only: not the read-only phone, not what the record shows', () => {
    const out = toRegistrationPayload({
      preregistration_id: 's1',
      bill_no: '12',
      name: 'Ram',
      phone: '9841234567',
      payment_mode: 'CASH',
      coupon: { amount: 1500 },
      bike_model: { id: 1, title: 'X' },
    });
    expect(out).toEqual({ preregistration_id: 's1', bill_no: '12', name: 'Ram', payment_mode: 'CASH' });
  });
});
