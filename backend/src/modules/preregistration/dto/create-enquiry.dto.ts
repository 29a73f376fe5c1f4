import { ClientSeedField } from '../../draw/client-seed.field';
import { SOURCES } from '@campaign/domain';
import { PersonNameField } from '../../../common/person-name';
import { WithCaptcha } from '../../captcha/captcha.decorator';
import { AddressField, BoolField, CitizenshipField, EmailField, OneOfField, PhoneField, RefField, TextField } from './fields';

/**
 * The public pre-registration form (POST /enquiry, multipart of the non-empty fields; the
 * screenshot comes as a file). Required as on the public form: name, phone, bike model,
 * source and nearest showroom.
 */
export class CreateEnquiryDto extends WithCaptcha {
  @PersonNameField()
  name: string;

  @AddressField(false)
  address?: string | null;

  @PhoneField(true)
  phone: string;

  @CitizenshipField(false)
  citizenship_no?: string | null;

  @EmailField()
  email?: string | null;

  @RefField('bike model', true)
  bike_model_id: number;

  @OneOfField('source', SOURCES, true)
  source: string;

  @TextField({ label: 'roadie', max: 100 })
  roadie?: string | null;

  @RefField('nearest branch', true)
  nearest_branch_id: number;

  @BoolField('shared', 'Shared on social media (the public form sends true)')
  shared?: boolean;

  @TextField({ label: 'utm source', max: 100, pattern: /^[\w .:/@%+-]*$/, patternMessage: 'The utm source format is invalid.' })
  utm_source?: string | null;

  @ClientSeedField()
  client_seed?: string | null;
}
