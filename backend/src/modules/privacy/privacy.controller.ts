import { Controller, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, StaffPost } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { PrivacyService } from './privacy.service';

/**
 * Erasure on request. Only the Super Admin holds both update-user and update-settings, so
 * the two together name that role without a permission of its own. The audit interceptor
 * records the call (who, when, which record) like every staff write.
 */
@ApiTags('pre-registrations')
@Controller('preregistration')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @StaffPost(':slug/erase', "Erase a customer's personal data (Super Admin); the draw and prize stay under a pseudonym", Permission.UpdateUser, Permission.UpdateSettings)
  async erase(@CurrentUser() actor: AuthUser, @Param('slug') slug: string) {
    const { already } = await this.privacy.erase(actor, slug);
    return { message: already ? 'This customer was already erased.' : 'The customer’s personal data was erased.' };
  }
}
