import { HttpException, HttpStatus } from '@nestjs/common';

/** The one refusal of every closed door after the campaign's last day (enquiry, registrations, draws). */
export class CampaignOver extends HttpException {
  constructor(endedOn: string) {
    super({ message: `The campaign ended on ${endedOn}: registrations and prize draws are closed. Test rides can still be booked.` }, HttpStatus.FORBIDDEN);
  }
}
