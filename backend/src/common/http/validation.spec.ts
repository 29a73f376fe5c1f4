import { IsInt, IsOptional, IsString, Max } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { EditType, flattenValidationErrors } from './validation';

class CreateThing {
  @IsString({ message: 'The bill no field is required.' })
  bill_no: string;

  @IsInt({ message: 'The amount must be a whole number.' })
  @Max(10, { message: 'The amount is too large.' })
  amount: number;

  @IsOptional()
  @IsString()
  email?: string | null;
}
class EditThing extends EditType(CreateThing) {}

const errorsOf = async (body: object) => flattenValidationErrors(await validate(plainToInstance(EditThing, body)));

describe(EditType.name, () => {
  it('leaves a field that is not sent unchanged (no error)', async () => {
    expect(await errorsOf({})).toEqual({});
  });

  it('refuses null for a required field with one required message, in the DTO words when it has them', async () => {
    expect(await errorsOf({ bill_no: null, amount: null })).toEqual({
      bill_no: ['The bill no field is required.'],
      amount: ['The amount field is required.'],
    });
  });

  it('takes null for a field the create form allows none for, and still checks a sent value', async () => {
    expect(await errorsOf({ email: null, amount: 11 })).toEqual({ amount: ['The amount is too large.'] });
  });
});
