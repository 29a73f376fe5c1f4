import { ClientSeedField } from '../../draw/client-seed.field';
import { SOURCES } from '@campaign/domain';
import { AddressField, BoolField, CitizenshipField, EmailField, NameField, OneOfField, PhoneField, RefField, TextField } from './fields';

/**
 * The staff pre-registration form (POST /preregistration, JSON or multipart with the
 * screenshot as a file). Required as on the staff form: name, address, phone, citizenship no.
 */
export class CreatePreregistrationDto {
  @NameField()
  name: string;

  @AddressField(true)
  address: string;

  @PhoneField(true)
  phone: string;

  @CitizenshipField(true)
  citizenship_no: string;

  @EmailField()
  email?: string | null;

  @RefField('bike model', false)
  bike_model_id?: number | null;

  @OneOfField('source', SOURCES, false)
  source?: string | null;

  @TextField({ label: 'roadie', max: 100 })
  roadie?: string | null;

  @RefField('nearest branch', false)
  nearest_branch_id?: number | null;

  @BoolField('shared', 'Shared on social media')
  shared?: boolean;

  @ClientSeedField()
  client_seed?: string | null;

  @TextField({ label: 'note', max: 1000, collapseSpaces: false })
  note?: string | null;

  @BoolField('send sms', 'Save and notify: send the code by SMS (default true)')
  send_sms?: boolean;
}
