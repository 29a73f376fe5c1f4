import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth/decorators';
import { sendJson, ServedFromMemory } from '../../common/http/cached-json';
import { PrizesToWin } from './prizes-to-win';

@ApiTags('prizes (public)')
@Controller('prizes')
export class PrizesController {
  constructor(private readonly prizes: PrizesToWin) {}

  @Get()
  @Public()
  @ServedFromMemory((c: PrizesController) => c.prizes.answer)
  @ApiOperation({ summary: "Today's pre-registration prizes per amount across every branch (planned, left), the prizes given so far, the campaign's last day (cached, ETag)" })
  async today(@Res() res: Response) {
    sendJson(res, await this.prizes.answer.get());
  }
}
